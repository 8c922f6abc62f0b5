import DoseCore
import DoseSystem

/// `dose validate [--pubkey KEY] [--preview] PACK`: checks a pack (and with a key, its signature
/// `PACK.minisig`) for an admin without touching the store; with `--preview`, also prints each
/// item's notification as the notifier would write it, so an author sees the plain-text maths first.
struct ValidateCommand {

    func run(_ arguments: inout Arguments) throws(CommandError) {
        let key = try arguments.option(.pubkey).map { text throws(CommandError) in try PackSignature.publicKey(option: text) }
        let preview = arguments.flag(.preview)
        let path = try arguments.positional("PACK")
        try arguments.finish()
        let bytes = try readPackFile(path)
        let verified = try key.map { key throws(CommandError) in try PackSignature.verifyLocal(bytes, at: path, by: key) }
        let pack = try validatedPack(bytes, origin: path)
        if let verified { Console.print(verified) }
        if preview {
            for item in pack.items { Console.print(Self.preview(item)) }
        }
        Console.print(tr("{path}: valid, {summary}", ["path": path, "summary": poolSummary(pack.items, syllabus: pack.syllabus)]))
    }

    /// The id, then the notification's summary and body (indented), as the notifier builds them (in the user's language).
    static func preview(_ item: Item) -> String {
        let copy = CopyBuilder.copy(for: Teaser(item), markup: false, words: .translated)
        return item.id + "\n    " + copy.summary + "\n    " + copy.body + "\n"
    }
}
