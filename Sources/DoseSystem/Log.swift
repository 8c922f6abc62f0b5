import DoseCore
import Glibc

/// Log lines on stderr with sd-daemon priority prefixes (`<3>` error … `<7>` debug), which journald reads.
///
/// The prefix is written only when standard error really is the journal (`JournalStream`): it helps
/// journald, not a person at a terminal nor a file or pipe a shell redirected it to.
public enum Log {
    public enum Priority: Int32, Sendable {
        case error = 3
        case warning = 4
        case notice = 5
        case info = 6
        case debug = 7
    }

    /// Writes one line; embedded newlines are flattened so one event stays one journal entry, and
    /// other controls neutralised (`TerminalText.safe`): messages quote servers, packs and providers.
    public static func write(_ priority: Priority, _ message: String) {
        let flat = TerminalText.safe(
            message.split(separator: "\n", omittingEmptySubsequences: false).joined(separator: " "))
        let prefix = toJournal ? "<\(priority.rawValue)>" : ""
        // One write(2) per line, so lines from concurrent threads never interleave mid-line.
        let line = Array("\(prefix)\(flat)\n".utf8)
        _ = line.withUnsafeBytes { Glibc.write(STDERR_FILENO, $0.baseAddress, $0.count) }
    }

    /// Decided once: standard error is not re-pointed while the program runs.
    private static let toJournal = JournalStream.isStandardError()

    public static func error(_ message: String) { write(.error, message) }
    public static func warning(_ message: String) { write(.warning, message) }
    public static func notice(_ message: String) { write(.notice, message) }
    public static func info(_ message: String) { write(.info, message) }
}
