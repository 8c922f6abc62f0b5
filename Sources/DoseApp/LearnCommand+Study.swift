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
            throw CommandError("the stored deck of \(key) is unreadable: \(error)", exitCode: .dataError)
        }
        let study = StudyStore(database: learning.database)
        let interactive = Terminal.isInteractive()
        let width = Terminal.standardOutputWrapWidth()
        var session = StudySession(context: context, key: key, deck: deck, store: study, width: width)
        let total = try session.remaining().count
        guard total > 0 else {
            Console.print("Nothing to study in \(key) now. " + (try session.countsLine()))
            return
        }
        Console.print("Studying \(key): \(total) card\(total == 1 ? "" : "s") today."
            + (interactive ? " Enter reveals; 1 Again, 2 Hard, 3 Good, 4 Easy; u undoes; q quits." : ""))
        var done = 0
        var lineNumber = 0
        while let card = try session.remaining().first {
            Console.print("\n[\(done + 1) of \(done + (try session.remaining().count))] " + session.text(deck.cards[card.index].front))
            if interactive {
                guard Terminal.waitForEnter("(Enter to reveal) ") else { break }
                Console.print(session.text(deck.cards[card.index].back))
            }
            Console.print(interactive ? "1 Again · 2 Hard · 3 Good · 4 Easy > " : "", terminator: "")
            guard let line = readLine() else { break }
            lineNumber += 1
            let word = line.filter { !$0.isWhitespace }.lowercased()
            if word == "q" { break }
            if word == "u" {
                if let undone = try session.undo() {
                    done = max(0, done - 1)
                    Console.print("Took back the \(Self.gradeName(undone.grade)) of card \(undone.index + 1).")
                }
                continue
            }
            guard let value = Int(word), let grade = FSRSGrade(rawValue: value) else {
                if interactive {
                    Console.print("Please grade 1, 2, 3 or 4 (u undoes, q quits).")
                    continue
                }
                throw CommandError(
                    "input line \(lineNumber): \(String(reflecting: line)) is not a grade 1–4 or q (\(done) graded and saved)",
                    exitCode: .dataError)
            }
            if !interactive { Console.print("→ " + session.text(deck.cards[card.index].back)) }
            let after = try session.grade(card, grade)
            done += 1
            Console.print("\(Self.gradeName(grade)): next " + HumanTime.describe(after.due, now: session.now, zone: context.zone) + ".")
        }
        Console.print("\nGraded \(done) card\(done == 1 ? "" : "s"), saved. " + (try session.countsLine()))
    }

    /// `dose learn due [--json]`: due, new and total cards per topic and overall.
    func due(_ arguments: inout Arguments) throws(CommandError) {
        let json = arguments.flag(.json)
        try arguments.finish()
        let learning = try LearnSetup.store(context)
        let counts = try learnStoreCall { try StudyStore(database: learning.database).counts(now: context.now) }
        Console.print(json ? LearnPrinter.dueJSON(counts) : LearnPrinter.dueText(counts), terminator: "")
    }

    static func gradeName(_ grade: FSRSGrade) -> String {
        switch grade {
        case .again: "Again"
        case .hard: "Hard"
        case .good: "Good"
        case .easy: "Easy"
        }
    }
}

/// One study session's state: the clock read at each grade (a session lasts minutes), the topic's queue.
struct StudySession {
    let context: AppContext
    let key: TopicKey
    let deck: Deck
    let store: StudyStore
    let width: Int?
    /// The time of the last grade: the command's start, then the clock at each grade.
    private(set) var now: Int64

    init(context: AppContext, key: TopicKey, deck: Deck, store: StudyStore, width: Int?) {
        self.context = context
        self.key = key
        self.deck = deck
        self.store = store
        self.width = width
        now = context.now
    }

    /// Today's cards of the topic still to study (due, then new within the day's limit, then learning cards due soon).
    func remaining() throws(CommandError) -> [StudyCard] {
        let dayStart = context.zone.firstInstant(on: context.zone.civilDate(at: now), at: LocalTime(hour: 0, minute: 0)!)
        return try learnStoreCall {
            try store.queue(now: now, dayStart: dayStart, subject: key.subject, topic: key.topic)
                .filter { $0.index < deck.cards.count }
        }
    }

    mutating func grade(_ card: StudyCard, _ grade: FSRSGrade) throws(CommandError) -> FSRSCard {
        now = max(now, WallClock.now())
        let at = now
        return try learnStoreCall {
            try store.grade(subject: key.subject, topic: key.topic, index: card.index, grade: grade, now: at)
        }
    }

    func undo() throws(CommandError) -> UndoneGrade? {
        try learnStoreCall { try store.undoLastGrade(subject: key.subject, topic: key.topic) }
    }

    /// "Due now: 2, new: 6, of 10 cards."
    func countsLine() throws(CommandError) -> String {
        let counts = try learnStoreCall { try store.counts(now: now, subject: key.subject, topic: key.topic) }.first
        return "Due now: \(counts?.due ?? 0), new: \(counts?.new ?? 0), of \(counts?.total ?? 0) cards."
    }

    /// A card's text for the terminal: maths as plain Unicode (the notification's converter), wrapped.
    func text(_ raw: String) -> String {
        LearnPrinter.plain(raw, width: width)
    }
}
