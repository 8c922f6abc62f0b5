/// A failure of the store, with SQLite's own message and what we were doing.
///
/// Kept to plain values so it is `Sendable` and can cross to a logging thread.
public struct StoreError: Error, Sendable, Equatable, CustomStringConvertible {
    /// SQLite's extended result code; nil when the failure did not come from SQLite
    /// (a directory we could not create, a stored value we do not understand).
    public let sqliteCode: Int32?
    /// SQLite's message (or the system's), e.g. "file is not a database".
    public let message: String
    /// What the store was doing, e.g. "opening /home/ann/.local/share/daily-dose/dose.sqlite3".
    public let operation: String

    /// Describes a failure; `sqliteCode` is nil for failures outside SQLite.
    public init(sqliteCode: Int32?, message: String, operation: String) {
        self.sqliteCode = sqliteCode
        self.message = message
        self.operation = operation
    }

    /// "<operation>: <message> (SQLite code <n>)", one line for a log or a terminal.
    public var description: String {
        if let sqliteCode {
            return "\(operation): \(message) (SQLite code \(sqliteCode))"
        }
        return "\(operation): \(message)"
    }
}
