import DoseCore
import CGLib
import Glibc

/// Whole-file reads and atomic whole-file writes, the only ways Daily Dose touches its files (with
/// `TemporaryFile`, the nameless file a download waits in).
public enum FileSystem {
    /// Reads a whole regular file, refusing one larger than `limit` bytes and anything but a regular
    /// file (`openRegularFile`).
    ///
    /// `allowingStreams` is for input the user names on the command line (a pack): a FIFO or
    /// `<(…)` is then read to its end, as asked, and only a directory is refused.
    public static func read(
        _ path: String, limit: Int = 256 << 20, allowingStreams: Bool = false
    ) throws(FileError) -> [UInt8] {
        let (fd, info) = allowingStreams ? try openStream(path, limit: limit) : try openForReading(path, limit: limit)
        defer { close(fd) }
        return try readAll(fd, size: Int(info.st_size), path: path, limit: limit)
    }

    /// Opens a regular file for reading and returns its descriptor (close-on-exec) and `fstat`.
    ///
    /// Anything else — a FIFO, a device, a socket, a directory, or a symlink to one of them — is
    /// refused, naming the file: opening a FIFO blocks until a writer comes, and `/dev/zero` never
    /// ends. The path is looked at before it is opened (so a device is never opened at all), opened
    /// with `O_NONBLOCK` (so one swapped in between cannot block the open), and the descriptor is
    /// checked again. Symlinks are followed: a config file kept in a dotfiles repository is one.
    public static func openRegularFile(_ path: String) throws(FileError) -> (descriptor: Int32, info: stat) {
        var info = stat()
        guard stat(path, &info) == 0 else { throw FileError(.read, path: path, errno: errno) }
        try requireRegular(info, path: path)
        let fd = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK | O_NOCTTY)
        guard fd >= 0 else { throw FileError(.read, path: path, errno: errno) }
        do throws(FileError) {
            guard fstat(fd, &info) == 0 else { throw FileError(.read, path: path, errno: errno) }
            try requireRegular(info, path: path)
        } catch {
            close(fd)
            throw error
        }
        return (fd, info)
    }

    /// Throws `notRegularFile` unless `info` describes a regular file.
    private static func requireRegular(_ info: stat, path: String) throws(FileError) {
        let type = info.st_mode & S_IFMT
        guard type != S_IFREG else { return }
        throw FileError(.read, path: path, reason: .notRegularFile(kindName(type)))
    }

    /// What a file of type `type` (`st_mode & S_IFMT`) is, in words: "a directory", "a FIFO", …
    static func kindName(_ type: mode_t) -> String {
        switch type {
        // TRANSLATORS: what is at a path instead of a regular file, in "cannot read PATH: it is {kind}, …".
        case S_IFDIR: return tr("a directory")
        case S_IFIFO: return tr("a FIFO")
        case S_IFCHR: return tr("a character device")
        case S_IFBLK: return tr("a block device")
        case S_IFSOCK: return tr("a socket")
        default: return tr("not a file")
        }
    }

    /// Opens a regular file not larger than `limit` (`openRegularFile`), with its `fstat`.
    private static func openForReading(_ path: String, limit: Int) throws(FileError) -> (Int32, stat) {
        let (fd, info) = try openRegularFile(path)
        guard Int(info.st_size) <= limit else {
            close(fd)
            throw FileError(.read, path: path, reason: .tooLarge(limit: limit))
        }
        return (fd, info)
    }

    /// Opens anything but a directory for reading, blocking as the file does (a FIFO until its writer
    /// comes); a regular file larger than `limit` is refused from its size, before a byte is read.
    private static func openStream(_ path: String, limit: Int) throws(FileError) -> (Int32, stat) {
        let fd = open(path, O_RDONLY | O_CLOEXEC | O_NOCTTY)
        guard fd >= 0 else { throw FileError(.read, path: path, errno: errno) }
        var info = stat()
        var failure: FileError?
        if fstat(fd, &info) != 0 {
            failure = FileError(.read, path: path, errno: errno)
        } else if (info.st_mode & S_IFMT) == S_IFDIR {
            failure = FileError(.read, path: path, errno: EISDIR)
        } else if Int(info.st_size) > limit {
            failure = FileError(.read, path: path, reason: .tooLarge(limit: limit))
        }
        if let failure {
            close(fd)
            throw failure
        }
        return (fd, info)
    }

    /// Reads what is left of an open file, expecting about `size` bytes.
    private static func readAll(_ fd: Int32, size: Int, path: String, limit: Int) throws(FileError) -> [UInt8] {
        // The size stat reports is read straight into the array (one copy, from the kernel); the loop
        // below then takes whatever else there is (a file still growing, or one that reports size 0).
        var bytes = try fill(size, path: path) { start, count, _ in Glibc.read(fd, start, count) }
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let count = chunk.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress, $0.count) }
            if count < 0 {
                if errno == EINTR { continue }
                throw FileError(.read, path: path, errno: errno)
            }
            if count == 0 { break }
            bytes.append(contentsOf: chunk[0..<count])
            if bytes.count > limit { throw FileError(.read, path: path, reason: .tooLarge(limit: limit)) }
        }
        return bytes
    }

    /// Maps a whole regular file read-only, refusing one larger than `limit` bytes and anything but a
    /// regular file; an empty file or a failed `mmap` is read into memory instead.
    ///
    /// Mapping spares the copy into a fresh array (and the page faults of that array), which was
    /// half of a dry run over 100,000 items. Daily Dose only ever replaces its files by rename, so
    /// the mapped inode never shrinks under a reader; the region is dropped right after use.
    public static func map(_ path: String, limit: Int = 256 << 20) throws(FileError) -> ByteRegion {
        let (fd, info) = try openForReading(path, limit: limit)
        defer { close(fd) }
        let size = Int(info.st_size)
        if size > 0, let address = mmap(nil, size, PROT_READ, MAP_PRIVATE | MAP_POPULATE, fd, 0), address != MAP_FAILED {
            let bytes = UnsafeBufferPointer(start: address.assumingMemoryBound(to: UInt8.self), count: size)
            return ByteRegion(bytes: bytes) { munmap(UnsafeMutableRawPointer(mutating: $0.baseAddress), $0.count) }
        }
        return ByteRegion(copying: try readAll(fd, size: size, path: path, limit: limit))
    }

    /// The first `head` and last `tail` bytes of a file (fewer when it is shorter; they overlap
    /// when it is shorter than both), read with two `pread`s: a look at a large file's ends
    /// without reading or mapping the rest.
    public static func readEnds(_ path: String, head: Int, tail: Int) throws(FileError) -> (head: [UInt8], tail: [UInt8]) {
        let (fd, info) = try openForReading(path, limit: Int.max)
        defer { close(fd) }
        let size = Int(info.st_size)
        func read(_ count: Int, at offset: Int) throws(FileError) -> [UInt8] {
            try fill(count, path: path) { start, count, done in pread(fd, start, count, off_t(offset + done)) }
        }
        let headCount = min(head, size)
        let tailCount = min(tail, size)
        return (try read(headCount, at: 0), try read(tailCount, at: size - tailCount))
    }

    /// Reads a whole open file from its start with pread(2), so the file's offset (where a writer
    /// appends) stays; refuses more than `limit` bytes. `path` names the file in errors.
    public static func read(descriptor fd: Int32, path: String, limit: Int) throws(FileError) -> [UInt8] {
        var info = stat()
        guard fstat(fd, &info) == 0 else { throw FileError(.read, path: path, errno: errno) }
        let size = Int(info.st_size)
        guard size <= limit else { throw FileError(.read, path: path, reason: .tooLarge(limit: limit)) }
        return try fill(size, path: path) { start, count, done in pread(fd, start, count, off_t(done)) }
    }

    /// Writes all of `bytes` at the open file's offset, resuming after a signal or a short write.
    static func writeAll(_ bytes: UnsafeRawBufferPointer, to fd: Int32, path: String) throws(FileError) {
        guard let base = bytes.baseAddress else { return }
        var offset = 0
        while offset < bytes.count {
            let written = Glibc.write(fd, base + offset, bytes.count - offset)
            if written < 0 {
                if errno == EINTR { continue }
                throw FileError(.write, path: path, errno: errno)
            }
            offset += written
        }
    }

    /// Up to `count` bytes straight into a new array from `next` (`next(start, count, done)` reads at
    /// most `count` bytes to `start`, `done` already read), fewer when it reaches the end of the file.
    private static func fill(
        _ count: Int, path: String, _ next: (UnsafeMutablePointer<UInt8>, Int, Int) -> Int
    ) throws(FileError) -> [UInt8] {
        var failure: Int32 = 0
        let bytes = [UInt8](unsafeUninitializedCapacity: count) { buffer, filled in
            filled = 0
            while filled < buffer.count, let base = buffer.baseAddress {
                let got = next(base + filled, buffer.count - filled, filled)
                if got < 0 {
                    if errno == EINTR { continue }
                    failure = errno
                    return
                }
                if got == 0 { return }
                filled += got
            }
        }
        if failure != 0 { throw FileError(.read, path: path, errno: failure) }
        return bytes
    }

    /// Reads a whole file as UTF-8 text (invalid sequences repaired; use `read` for strict bytes).
    public static func readText(_ path: String, limit: Int = 1 << 20) throws(FileError) -> String {
        String(decoding: try read(path, limit: limit), as: UTF8.self)
    }

    /// Writes a file atomically: temp file in the same directory, fsync, rename, fsync of the directory.
    ///
    /// Readers see the old content or the new, never a mix; after return the new content survives a crash.
    public static func writeAtomically(_ bytes: [UInt8], to path: String, mode: mode_t = 0o644) throws(FileError) {
        let directory = parentDirectory(of: path)
        try makeDirectories(directory)
        // The writer's pid is in the name, so a later write can tell a dead writer's leftover (SIGKILL
        // between create and rename) from a live one's and sweep only the former.
        var template = Array((path + ".tmp-\(getpid())-XXXXXX").utf8CString)
        // Close-on-exec from the start: another thread of the process may fork meanwhile.
        let fd = template.withUnsafeMutableBufferPointer { g_mkstemp_full($0.baseAddress!, O_RDWR | O_CLOEXEC, 0o600) }
        guard fd >= 0 else { throw FileError(.createTemporaryFileFor, path: path, errno: errno) }
        let temporary = String(decoding: template.dropLast().map { UInt8(bitPattern: $0) }, as: UTF8.self)
        // Errors name the file being replaced, not the temporary (which is removed on failure anyway).
        var committed = false
        defer {
            if !committed { unlink(temporary) }
        }
        do {
            defer { close(fd) }
            guard fchmod(fd, mode) == 0 else { throw FileError(.setPermissions, path: path, errno: errno) }
            // withUnsafeBytes rethrows untyped errors: the typed one is carried out by hand.
            var failure: FileError?
            bytes.withUnsafeBytes { buffer in
                do throws(FileError) { try writeAll(buffer, to: fd, path: path) } catch { failure = error }
            }
            if let failure { throw failure }
            guard fsync(fd) == 0 else { throw FileError(.flush, path: path, errno: errno) }
        }
        guard rename(temporary, path) == 0 else { throw FileError(.replace, path: path, errno: errno) }
        committed = true
        sweepAbandonedTemporaries(of: path)
        // The rename itself is durable only once the directory entry is flushed.
        let directoryFD = open(directory, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        if directoryFD >= 0 {
            fsync(directoryFD)
            close(directoryFD)
        }
    }

    /// Removes `path.tmp-PID-*` files whose writer no longer runs (killed before its rename).
    static func sweepAbandonedTemporaries(of path: String) {
        let directory = parentDirectory(of: path)
        let prefix = path.split(separator: "/").last.map(String.init).map { $0 + ".tmp-" } ?? ""
        guard !prefix.isEmpty else { return }
        for name in names(in: directory) {
            guard name.hasPrefix(prefix) else { continue }
            let rest = name.dropFirst(prefix.count)
            guard let dash = rest.firstIndex(of: "-"), let pid = pid_t(rest[..<dash]), pid > 0 else { continue }
            if kill(pid, 0) != 0 && errno == ESRCH { unlink(directory + "/" + name) }
        }
    }

    /// The names in a directory (with `.` and `..`); none when it cannot be read.
    static func names(in directory: String) -> [String] {
        guard let stream = opendir(directory) else { return [] }
        defer { closedir(stream) }
        var names: [String] = []
        while let entry = readdir(stream) {
            names.append(withUnsafeBytes(of: entry.pointee.d_name) { raw in
                String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
            })
        }
        return names
    }

    /// Writes UTF-8 text atomically.
    public static func writeAtomically(_ text: String, to path: String, mode: mode_t = 0o644) throws(FileError) {
        try writeAtomically(Array(text.utf8), to: path, mode: mode)
    }

    /// Creates a directory and its missing parents (mode 0700: everything of ours is private).
    public static func makeDirectories(_ path: String, mode: mode_t = 0o700) throws(FileError) {
        if path.isEmpty || path == "/" { return }
        var info = stat()
        if stat(path, &info) == 0 {
            if (info.st_mode & S_IFMT) == S_IFDIR { return }
            throw FileError(.createDirectory, path: path, errno: ENOTDIR)
        }
        try makeDirectories(parentDirectory(of: path), mode: mode)
        if mkdir(path, mode) != 0 && errno != EEXIST {
            throw FileError(.createDirectory, path: path, errno: errno)
        }
    }

    /// Removes a file; a missing file is not an error.
    public static func remove(_ path: String) throws(FileError) {
        if unlink(path) != 0 && errno != ENOENT { throw FileError(.remove, path: path, errno: errno) }
    }

    /// True when `path` is a directory this process may create files in.
    public static func isWritableDirectory(_ path: String) -> Bool {
        isDirectory(path) && access(path, W_OK | X_OK) == 0
    }

    /// True when something exists at `path`.
    public static func exists(_ path: String) -> Bool {
        access(path, F_OK) == 0
    }

    /// True when `path` is a directory (or a symlink to one).
    public static func isDirectory(_ path: String) -> Bool {
        var info = stat()
        return stat(path, &info) == 0 && (info.st_mode & S_IFMT) == S_IFDIR
    }

    /// The process's working directory (getcwd), or nil when it has none any more (removed under it).
    public static func currentDirectory() -> String? {
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        guard getcwd(&buffer, buffer.count) != nil else { return nil }
        return String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// The directory part of a path (`/a/b` → `/a`, `b` → `.`).
    public static func parentDirectory(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "." }
        let parent = String(path[..<slash])
        return parent.isEmpty ? "/" : parent
    }
}
