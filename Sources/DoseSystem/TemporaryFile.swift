import CGLib
import Glibc

/// A file without a name, for bytes that should wait on disk instead of in the process's memory:
/// written with write(2), they sit in the page cache, which the kernel may drop or write back.
///
/// Created already unlinked (`O_TMPFILE`; where the file system lacks it, `mkstemp` and `unlink` at
/// once), mode 0600, close-on-exec: nothing of it is ever left on disk, a crash included. Closed
/// when the last reference goes. Appends write at the file's offset; reads use pread(2) from the
/// start, so reading never moves the writer. Used by one thread at a time (the writer, then a reader).
public final class TemporaryFile: Sendable {
    /// Where it lives (for messages; it has no name there).
    public let directory: String
    private let descriptor: Int32

    /// Creates the file in `directory`, which must exist.
    public init(in directory: String) throws(FileError) {
        self.directory = directory
        descriptor = try Self.create(in: directory)
    }

    deinit {
        close(descriptor)
    }

    /// Adds `bytes` at the end.
    public func append(_ bytes: UnsafeRawBufferPointer) throws(FileError) {
        try FileSystem.writeAll(bytes, to: descriptor, path: label)
    }

    /// Everything written so far, refusing more than `limit` bytes.
    public func read(limit: Int) throws(FileError) -> [UInt8] {
        try FileSystem.read(descriptor: descriptor, path: label, limit: limit)
    }

    /// Everything written so far, in pieces of at most `chunk` bytes handed to `body` in order
    /// (one buffer reused), refusing a file over `limit` bytes: a whole pack hashed without being held.
    public func forEachChunk(
        limit: Int, chunk: Int = 64 * 1024, _ body: (UnsafeRawBufferPointer) -> Void
    ) throws(FileError) {
        var info = stat()
        guard fstat(descriptor, &info) == 0 else { throw FileError(.read, path: label, errno: errno) }
        guard Int(info.st_size) <= limit else { throw FileError(.read, path: label, reason: .tooLarge(limit: limit)) }
        let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: chunk, alignment: 16)
        defer { buffer.deallocate() }
        var offset = 0
        while true {
            let got = pread(descriptor, buffer.baseAddress, chunk, off_t(offset))
            if got < 0 {
                if errno == EINTR { continue }
                throw FileError(.read, path: label, errno: errno)
            }
            if got == 0 { return }
            offset += got
            // The file grew since fstat: a writer is still at work, and the cap still holds.
            guard offset <= limit else { throw FileError(.read, path: label, reason: .tooLarge(limit: limit)) }
            body(UnsafeRawBufferPointer(rebasing: buffer[..<got]))
        }
    }

    /// What errors call it: "cannot write a temporary file in DIR: …".
    private var label: String { "a temporary file in \(directory)" }

    private static func create(in directory: String) throws(FileError) -> Int32 {
        // Glibc spells O_TMPFILE only under _GNU_SOURCE; __O_TMPFILE is its value (O_DIRECTORY included).
        let fd = open(directory, __O_TMPFILE | O_RDWR | O_CLOEXEC, 0o600)
        if fd >= 0 { return fd }
        // Only a kernel or file system without O_TMPFILE falls back; any other failure is the answer.
        guard errno == EOPNOTSUPP || errno == EISDIR || errno == EINVAL else {
            throw FileError(.createTemporaryFileIn, path: directory, errno: errno)
        }
        var template = Array((directory + "/.download-XXXXXX").utf8CString)
        // 0600 and close-on-exec from the start (another thread may fork meanwhile); GLib has the mkostemp glibc hides.
        let named = template.withUnsafeMutableBufferPointer { g_mkstemp_full($0.baseAddress!, O_RDWR | O_CLOEXEC, 0o600) }
        guard named >= 0 else { throw FileError(.createTemporaryFileIn, path: directory, errno: errno) }
        _ = template.withUnsafeBufferPointer { unlink($0.baseAddress!) }
        return named
    }
}
