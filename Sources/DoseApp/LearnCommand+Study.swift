import DoseCore
import DoseLearning
import DoseStore
import DoseSystem

extension LearnCommand {
    /// `dose learn study SUBJECT TOPIC`: today's cards of a topic one at a time, graded 1–4 and saved at once.
    ///
    /// In a terminal: the front, Enter reveals the back, 1–4 grade (u undoes the last grade, q quits).
    /// Otherwise each input line is a grade 1–4 for the next card (q quits), so a session can be scripted.
    func study(_ arguments: inout Arguments) throws(CommandError) {
        let typed = try LearnSetup.topic(&arguments)
        try arguments.finish()
        let body = try artifact(.deck, typed)
        let learning = try LearnSetup.store(context)
        let key = try LearnSetup.resolved(typed, learning)
        let deck: Deck
        do { deck = try ArtifactValidator.deck(from: body, stored: true) } catch {
            throw CommandError(tr("the stored deck of {topic} is unreadable: {error}", ["topic": key, "error": error]), exitCode: .dataError)
        }
        let study = StudyStore(database: learning.database)
        let interactive = Terminal.isInteractive()
        let width = Terminal.standardOutputWrapWidth()
        var session = StudySession(key: key, deck: deck, store: study, now: context.now, zone: context.zone)
        let total = try learnStoreCall { try session.remaining() }.count
        guard total > 0 else {
            Console.print(tr("Nothing to study in {topic} now.", ["topic": key]) + " " + (try Self.countsLine(session)))
            return
        }
        Console.print(trn("Studying {topic}: {count} card today.", "Studying {topic}: {count} cards today.", total, ["topic": key])
            // TRANSLATORS: the keys 1 to 4, u and q stay as they are: they are what the user types.
            + (interactive ? " " + tr("Enter reveals; 1 Again, 2 Hard, 3 Good, 4 Easy; u undoes; q quits.") : ""))
        var lineNumber = 0
        while let (card, position, count) = try learnStoreCall({ try session.next() }) {
            let sides = session.sides(of: card)
            Console.print("\n" + LearnPrinter.progress(position, of: count) + " " + LearnPrinter.plain(sides.front, width: width))
            if interactive {
                guard Terminal.waitForEnter(tr("(Enter to reveal)") + " ") else { break }
                Console.print(LearnPrinter.plain(sides.back, width: width))
            }
            Console.print(interactive ? tr("1 Again · 2 Hard · 3 Good · 4 Easy") + " > " : "", terminator: "")
            guard let line = readLine() else { break }
            lineNumber += 1
            let word = line.filter { !$0.isWhitespace }.lowercased()
            if word == "q" { break }
            if word == "u" {
                if let undone = try learnStoreCall({ try session.undo() }) {
                    Console.print(tr("Took back the {grade} of card {number}.", ["grade": LearnWords.grade(undone.grade), "number": undone.index + 1]))
                }
                continue
            }
            guard let value = Int(word), let grade = FSRSGrade(rawValue: value) else {
                if interactive {
                    Console.print(tr("Please grade 1, 2, 3 or 4 (u undoes, q quits)."))
                    continue
                }
                throw CommandError(
                    tr("input line {number}: {line} is not a grade 1–4 or q ({done} graded and saved)", [
                        "number": lineNumber, "line": String(reflecting: line), "done": session.done,
                    ]),
                    exitCode: .dataError)
            }
            if !interactive { Console.print("→ " + LearnPrinter.plain(sides.back, width: width)) }
            let after = try learnStoreCall { try session.grade(card, grade, at: WallClock.now()) }
            Console.print(tr("{grade}: next {when}.", [
                "grade": LearnWords.grade(grade), "when": DateText.current.describe(after.due, now: session.now, zone: context.zone),
            ]))
        }
        let done = session.done
        Console.print("\n" + trn("Graded {count} card, saved.", "Graded {count} cards, saved.", done) + " " + (try Self.countsLine(session)))
    }

    /// "Due now: 2, new: 6, of 10 cards."
    static func countsLine(_ session: StudySession) throws(CommandError) -> String {
        let counts = try learnStoreCall { try session.counts() }
        return tr("Due now: {due}, new: {new}, of {total} cards.", ["due": counts?.due ?? 0, "new": counts?.new ?? 0, "total": counts?.total ?? 0])
    }

    /// `dose learn due [--json]`: due, new and total cards per topic and overall.
    func due(_ arguments: inout Arguments) throws(CommandError) {
        let json = arguments.flag(.json)
        try arguments.finish()
        let learning = try LearnSetup.store(context)
        let counts = try learnStoreCall { try StudyStore(database: learning.database).counts(now: context.now) }
        Console.print(json ? LearnPrinter.dueJSON(counts) : LearnPrinter.dueText(counts), terminator: "")
    }
}
