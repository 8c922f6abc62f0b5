import DoseSystem

/// `dose completions ids|subjects|topics SUBJECT` (hidden): the words the shell completions offer that only
/// the data knows, one a line. Quiet and exit 0 on any failure: a completion must never print errors.
///
/// Ids come from the snapshot alone (no store opened, nothing written); subjects and topics from the learning store.
struct CompletionValues {
    let context: AppContext

    func run(_ arguments: inout Arguments) throws(CommandError) {
        let kind = try arguments.positional("KIND")
        let subject = arguments.optionalPositional()
        try arguments.finish()
        switch kind {
        case "ids": emit(Self.ids(context.paths))
        case "subjects": emit(topics().map(\.subject))
        case "topics": emit(topics().filter { $0.subject == subject }.map(\.topic))
        default: throw .usage("unknown completion kind \(kind)" + Suggestion.hint(for: kind, among: ["ids", "subjects", "topics"]))
        }
    }

    /// Prints the words once each, in order.
    private func emit(_ words: [String]) {
        var seen = Set<String>()
        for word in words where seen.insert(word).inserted { Console.print(word) }
    }

    /// Every id in the snapshot, or none when there is no readable snapshot.
    static func ids(_ paths: DosePaths) -> [String] {
        guard let reader = try? SnapshotReader.read(SnapshotFile(path: paths.snapshot)) else { return [] }
        return (0..<reader.index.count).map { reader.index.id(at: $0) }
    }

    private func topics() -> [(subject: String, topic: String)] {
        guard let store = try? LearnSetup.store(context), let entries = try? learnStoreCall({ try store.entries() }) else { return [] }
        return entries.map { ($0.subject, $0.topic) }
    }
}
