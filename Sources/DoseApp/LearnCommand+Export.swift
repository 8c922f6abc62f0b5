import DoseLearning
import DoseStore
import DoseSystem

extension LearnCommand {
    /// `dose learn export SUBJECT TOPIC --anki FILE | --markdown FILE`: a file written atomically (temp, fsync,
    /// rename), a pipe or device streamed into, a directory or another user's file refused (`FileSystem.writeOutput`).
    func export(_ arguments: inout Arguments) throws(CommandError) {
        let anki = try arguments.option(.anki)
        let markdown = try arguments.option(.markdown)
        let typed = try LearnSetup.topic(&arguments)
        try arguments.finish()
        guard (anki == nil) != (markdown == nil) else {
            throw .usage(tr("name one file: --anki FILE or --markdown FILE"))
        }
        let store = try LearnSetup.store(context)
        let key = try LearnSetup.resolved(typed, store)
        let text: String
        let path: String
        let done: String
        if let anki {
            let deck = try decoded(.deck, key) { body throws(ArtifactValidationError) in try ArtifactValidator.deck(from: body, stored: true) }
            text = DeckExport.anki(deck, subject: key.subject, topic: key.topic)
            path = anki
            // TRANSLATORS: "File → Import" is Anki's menu item: use the name Anki gives it in your language.
            done = trn("Wrote {count} card of {topic} to {path} (Anki: File → Import).",
                       "Wrote {count} cards of {topic} to {path} (Anki: File → Import).", deck.cards.count, ["topic": key, "path": path])
        } else {
            let deck = try decoded(.deck, key) { body throws(ArtifactValidationError) in try ArtifactValidator.deck(from: body, stored: true) }
            let quiz = try decoded(.quiz, key) { body throws(ArtifactValidationError) in try ArtifactValidator.quiz(from: body, stored: true) }
            text = DeckExport.markdown(deck, quiz, subject: key.subject, topic: key.topic)
            path = markdown ?? ""
            done = tr("Wrote the deck and quiz of {topic} to {path}.", ["topic": key, "path": path])
        }
        // Standard output named as the file (`--anki /dev/stdout | …`) carries the export alone.
        let onStandardOutput = FileSystem.isStandardOutput(path)
        do { try FileSystem.writeOutput(Array(text.utf8), to: path) } catch {
            throw CommandError(error.description, exitCode: .cannotCreate)
        }
        if onStandardOutput { Log.notice(done) } else { Console.print(done) }
    }

    private func decoded<T>(
        _ kind: LearningArtifactKind, _ key: TopicKey, _ decode: (String) throws(ArtifactValidationError) -> T
    ) throws(CommandError) -> T {
        let body = try artifact(kind, key)
        do { return try decode(body) } catch {
            let message = kind == .deck
                ? tr("the stored deck of {topic} is unreadable: {error}", ["topic": key, "error": error])
                : tr("the stored quiz of {topic} is unreadable: {error}", ["topic": key, "error": error])
            throw CommandError(message, exitCode: .dataError)
        }
    }
}
