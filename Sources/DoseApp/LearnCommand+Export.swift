import DoseLearning
import DoseStore
import DoseSystem

extension LearnCommand {
    /// `dose learn export SUBJECT TOPIC --anki FILE | --markdown FILE`: written atomically (temp, fsync, rename).
    func export(_ arguments: inout Arguments) throws(CommandError) {
        let anki = try arguments.option(.anki)
        let markdown = try arguments.option(.markdown)
        let typed = try LearnSetup.topic(&arguments)
        try arguments.finish()
        guard (anki == nil) != (markdown == nil) else {
            throw .usage("name one file: --anki FILE or --markdown FILE")
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
            done = "Wrote \(deck.cards.count) cards of \(key) to \(path) (Anki: File → Import)."
        } else {
            let deck = try decoded(.deck, key) { body throws(ArtifactValidationError) in try ArtifactValidator.deck(from: body, stored: true) }
            let quiz = try decoded(.quiz, key) { body throws(ArtifactValidationError) in try ArtifactValidator.quiz(from: body, stored: true) }
            text = DeckExport.markdown(deck, quiz, subject: key.subject, topic: key.topic)
            path = markdown ?? ""
            done = "Wrote the deck and quiz of \(key) to \(path)."
        }
        do { try FileSystem.writeAtomically(text, to: path) } catch {
            throw CommandError("cannot write \(path): \(error)", exitCode: .cannotCreate)
        }
        Console.print(done)
    }

    private func decoded<T>(
        _ kind: LearningArtifactKind, _ key: TopicKey, _ decode: (String) throws(ArtifactValidationError) -> T
    ) throws(CommandError) -> T {
        let body = try artifact(kind, key)
        do { return try decode(body) } catch {
            throw CommandError("the stored \(kind) of \(key) is unreadable: \(error)", exitCode: .dataError)
        }
    }
}
