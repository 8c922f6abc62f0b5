import DoseCore

/// Today's dose and doses by id from the snapshot: the one way `dose` and `dose-notify` read it.
///
/// The lean index of the whole file (every item still checked on its bytes), the resolver over
/// it, then only the item shown decoded in full. `dose today` and `dose open` read through it as
/// the scheduler's dry run does; the full decoder (`SnapshotFile.read`) is its test oracle.
public struct SnapshotReader: Sendable {
    public let index: SnapshotIndex

    public init(index: SnapshotIndex) {
        self.index = index
    }

    /// Reads the snapshot file; missing, unreadable or invalid is the command error for each.
    public static func read(_ file: SnapshotFile) throws(CommandError) -> SnapshotReader {
        do { return SnapshotReader(index: try file.readIndex()) } catch { throw error.commandError }
    }

    /// Reads an encoded snapshot held in memory (one a mirror has just written, or failed to write).
    public static func decode(_ bytes: [UInt8]) throws(CommandError) -> SnapshotReader {
        do { return SnapshotReader(index: try SnapshotIndex.decode(bytes)) } catch {
            throw CommandError(tr("snapshot is unreadable: {reason}", ["reason": error]), exitCode: .dataError)
        }
    }

    /// The digest of the pool the snapshot holds, as it says.
    public var poolDigest: String { index.poolDigest }

    /// The position of the dose of `date` for `audience`, or nil when that audience is empty.
    public func position(on date: CivilDate, audience: Audience) -> Int? {
        Resolver.resolve(index, audience: audience, date: date)
    }

    /// The position of the item with exactly this id (UTF-8 bytes) in the whole unfiltered pool.
    public func position(ofID id: String) -> Int? {
        index.position(ofID: id)
    }

    /// The positions of the items whose id has this short code (`ShortCode`), in the whole unfiltered pool.
    public func positions(ofCode code: String) -> [Int] {
        index.positions(ofCode: code)
    }

    /// The item at `position`, decoded and validated in full; a bad item is a data error like a bad snapshot.
    public func item(at position: Int) throws(CommandError) -> Item {
        do { return try index.item(at: position) } catch {
            throw CommandError(tr("snapshot is unreadable: {reason}", ["reason": error]), exitCode: .dataError)
        }
    }

    /// The dose of `date` for `audience`, or nil when that audience is empty.
    public func dose(on date: CivilDate, audience: Audience) throws(CommandError) -> Item? {
        guard let position = position(on: date, audience: audience) else { return nil }
        return try item(at: position)
    }

    /// The item with exactly this id, or nil when the pool has none.
    public func item(id: String) throws(CommandError) -> Item? {
        guard let position = position(ofID: id) else { return nil }
        return try item(at: position)
    }
}
