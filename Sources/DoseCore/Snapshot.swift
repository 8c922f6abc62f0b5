/// The pool as the scheduler sees it: a self-describing, versioned list of items.
///
/// Pure data and codec; reading and writing the file lives in DoseSystem. The encoded form
/// is JSON with one item per line, so a snapshot stays readable and diffs well.
public struct Snapshot: Sendable, Equatable {
    /// The format and version written first in every snapshot.
    public static let format = "daily-dose-snapshot/1"

    /// When the snapshot was produced, in Unix seconds.
    public var generatedAt: Int64
    /// `Snapshot.digest(of: items)` at the time of writing.
    public var poolDigest: String
    public var items: [Item]

    public init(generatedAt: Int64, poolDigest: String, items: [Item]) {
        self.generatedAt = generatedAt
        self.poolDigest = poolDigest
        self.items = items
    }

    /// A snapshot of `items` whose digest is computed from them.
    public init(generatedAt: Int64, items: [Item]) {
        self.init(generatedAt: generatedAt, poolDigest: Snapshot.digest(of: items), items: items)
    }
}
