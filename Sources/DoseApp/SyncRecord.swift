import DoseCore
import DoseSystem

/// The last sync's result, kept where the app can show it after a restart: `$XDG_STATE_HOME/daily-dose/last-sync.json`,
/// written atomically by every sync (`dose sync`, the daemon's planning pass, the app's Sync now).
///
/// It records the time, the outcome and the pool's counts; nothing about which dose anyone saw.
public struct SyncRecord: Sendable, Equatable {
    public enum Outcome: String, Sendable, Equatable {
        /// A new pool was imported.
        case synced
        /// The source had not changed (HTTP 304, or the same file): the pool stays.
        case unchanged
        /// The sync failed; the pool stays (the message says why).
        case failed
    }

    /// When the sync began (Unix seconds: the moment its command or pass started).
    public var at: Int64
    public var outcome: Outcome
    /// The source as it may be shown (a URL's password replaced).
    public var source: String
    /// What the sync said (its summary, or its error), safe for a terminal.
    public var message: String
    /// Why it failed (for `.failed`), nil for a record written before this was kept.
    public var problem: SyncProblem?
    /// The last sync that did not fail, kept through failures since, so a failure never hides it.
    public var lastSuccess: LastSuccess?
    /// The pool imported (for `.synced`): items, facts, formulas, questions.
    public var items: Int?
    public var facts: Int?
    public var formulas: Int?
    public var questions: Int?

    /// When a sync last succeeded (synced or unchanged), and the items it imported (nil when unchanged).
    public struct LastSuccess: Sendable, Equatable {
        public var at: Int64
        public var items: Int?

        public init(at: Int64, items: Int?) {
            self.at = at
            self.items = items
        }
    }

    public init(at: Int64, outcome: Outcome, source: String, message: String, counts: [Item]? = nil, problem: SyncProblem? = nil) {
        self.problem = problem
        self.at = at
        self.outcome = outcome
        self.source = source
        self.message = message
        if let counts {
            items = counts.count
            facts = counts.filter { $0.kind == .fact }.count
            formulas = counts.filter { $0.kind == .formula }.count
            questions = counts.filter { $0.kind == .question }.count
        }
    }

    static func path(_ paths: DosePaths) -> String { paths.stateDirectory + "/last-sync.json" }

    /// The last record, or nil when no sync has run (or the file is unreadable: it is only a report).
    public static func load(paths: DosePaths) -> SyncRecord? {
        guard let text = try? FileSystem.readText(path(paths), limit: 64 * 1024),
              let json = try? JSONParser.parse(text),
              let at = json["at"]?.int64, let outcome = json["outcome"]?.string.flatMap(Outcome.init(rawValue:)),
              let source = json["source"]?.string, let message = json["message"]?.string
        else { return nil }
        var record = SyncRecord(at: at, outcome: outcome, source: source, message: message)
        func count(_ key: String) -> Int? { json[key]?.int64.map { Int($0) } }
        (record.items, record.facts, record.formulas, record.questions) = (count("items"), count("facts"), count("formulas"), count("questions"))
        record.problem = json["problem"]?.string.flatMap(SyncProblem.init(rawValue:))
        if let at = json["lastSuccessAt"]?.int64 { record.lastSuccess = LastSuccess(at: at, items: count("lastSuccessItems")) }
        return record
    }

    /// The last success this record leaves standing: itself when it did not fail, else the one before it kept.
    public var success: LastSuccess? {
        outcome == .failed ? lastSuccess : LastSuccess(at: at, items: items)
    }

    /// Writes the record (temp file, fsync, rename); failing to is a warning, never the sync's failure. A failure
    /// keeps the last success of the record it replaces.
    func save(_ paths: DosePaths) {
        var record = self
        if outcome == .failed, lastSuccess == nil { record.lastSuccess = Self.load(paths: paths)?.success }
        record.write(paths)
    }

    private func write(_ paths: DosePaths) {
        var members: [(key: String, value: JSONValue)] = [
            ("at", .integer(at)), ("outcome", .string(outcome.rawValue)), ("source", .string(source)),
            ("message", .string(TerminalText.safe(message))),
        ]
        for (key, value) in [("items", items), ("facts", facts), ("formulas", formulas), ("questions", questions)] {
            if let value { members.append((key, .integer(Int64(value)))) }
        }
        if let problem { members.append(("problem", .string(problem.rawValue))) }
        if let lastSuccess {
            members.append(("lastSuccessAt", .integer(lastSuccess.at)))
            if let items = lastSuccess.items { members.append(("lastSuccessItems", .integer(Int64(items)))) }
        }
        do {
            try FileSystem.makeDirectories(paths.stateDirectory)
            try FileSystem.writeAtomically(JSONValue.object(members).serialized() + "\n", to: Self.path(paths), mode: 0o600)
        } catch {
            Log.warning("dose: " + tr("the sync's result could not be recorded: {error}", ["error": error]))
        }
    }
}
