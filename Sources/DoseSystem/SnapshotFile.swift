import DoseCore

/// The snapshot on disk: written atomically by the app, read by the scheduler.
public struct SnapshotFile: Sendable {
    public let path: String

    public init(path: String) {
        self.path = path
    }

    /// Reads and decodes the snapshot.
    public func read() throws(SnapshotFileError) -> Snapshot {
        let bytes: [UInt8]
        do { bytes = try FileSystem.read(path) } catch {
            throw error.isMissing ? .missing(path) : .file(error)
        }
        do { return try Snapshot.decode(bytes) } catch { throw .invalid(path, error) }
    }

    /// Reads the snapshot as an index (what resolving needs; `item(at:)` decodes one item in full).
    public func readIndex() throws(SnapshotFileError) -> SnapshotIndex {
        let file: ByteRegion
        do { file = try FileSystem.map(path) } catch {
            throw error.isMissing ? .missing(path) : .file(error)
        }
        do { return try SnapshotIndex.decode(file) } catch { throw .invalid(path, error) }
    }

    /// Writes the snapshot atomically (temp, fsync, rename).
    public func write(_ snapshot: Snapshot) throws(FileError) {
        try FileSystem.writeAtomically(snapshot.encoded(), to: path, mode: 0o644)
    }
}
