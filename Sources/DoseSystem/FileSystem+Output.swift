import DoseCore
import Glibc

extension FileSystem {
    /// Writes `bytes` to a file the user named for output (`dose learn export --anki FILE`), as what is
    /// there asks:
    ///
    /// - nothing, or a regular file of the user's: replaced atomically (`writeAtomically`), an existing
    ///   file keeping its permissions; a write that fails (a full disk) leaves the old file as it was;
    /// - a FIFO or a character device (`>(…)`, `/dev/fd/N`, a named pipe, `/dev/null`, a terminal): opened
    ///   for writing as it is and the bytes streamed in, never created, truncated or renamed over, so the
    ///   node stays what it is (a FIFO's open waits for its reader, as `echo > FIFO` does; a terminal gets
    ///   the text through `TerminalText.safe`);
    /// - a symlink: followed to its file, which is then written as above where it is, so the link stays
    ///   a link (a dotfiles or sync folder keeps pointing at the new content). Every link on the way must
    ///   be the user's or root's (`/dev/stdout`): a link someone else made is how a file of the user's,
    ///   or root's, would be replaced by a name another user controls;
    /// - a directory, a block device, a socket, another user's file: refused, naming the file (replacing
    ///   another user's file would give it a new owner and inode behind its owner's back).
    public static func writeOutput(_ bytes: [UInt8], to path: String) throws(FileError) {
        switch try outputTarget(path) {
        case .file(let name, let mode): try writeAtomically(bytes, to: name, mode: mode)
        case .stream: try stream(bytes, to: path)
        }
    }

    /// True when `path` is the very file standard output is (`/dev/stdout`, or its file by name), so a
    /// command writing there keeps its own words off it.
    public static func isStandardOutput(_ path: String) -> Bool {
        var named = stat()
        var output = stat()
        return stat(path, &named) == 0 && fstat(STDOUT_FILENO, &output) == 0
            && named.st_dev == output.st_dev && named.st_ino == output.st_ino
    }

    /// Where output for `path` goes: the file to replace atomically (and its mode), or the node to stream into.
    private enum OutputTarget {
        case file(String, mode: mode_t)
        case stream
    }

    private static func outputTarget(_ path: String) throws(FileError) -> OutputTarget {
        let user = geteuid()
        let name = try followLinks(path, user: user)
        var info = stat()
        guard stat(path, &info) == 0 else {
            // Nothing there, or a link to nothing: the file is made where the name leads.
            guard errno == ENOENT else { throw FileError(.write, path: path, errno: errno) }
            return .file(name, mode: 0o644)
        }
        let type = info.st_mode & S_IFMT
        switch type {
        case S_IFREG:
            guard info.st_uid == user else {
                throw FileError(.write, path: path, reason: .refused(tr("belongs to another user (uid {uid})", ["uid": info.st_uid])))
            }
            // The name the links led to must be this very file: a `/proc/PID/fd` link of a deleted
            // file reads as "… (deleted)", and a rename there would make a new file nobody reads.
            var named = stat()
            guard lstat(name, &named) == 0, named.st_dev == info.st_dev, named.st_ino == info.st_ino else {
                throw FileError(.write, path: path, reason: .refused(tr("the file it leads to has no name left to replace")))
            }
            return .file(name, mode: info.st_mode & 0o777)
        case S_IFIFO, S_IFCHR:
            return .stream
        default:
            throw FileError(.write, path: path, reason: .refused(tr("it is {kind}", ["kind": kindName(type)])))
        }
    }

    /// The name `path`'s chain of symlinks ends at (`path` itself when it is no link), refusing a link
    /// that belongs to neither `user` nor root. A kernel link (`/proc/self/fd/N` of a pipe reads as
    /// `pipe:[…]`) ends the walk where it cannot be looked at; `stat` of the path says what is there.
    private static func followLinks(_ path: String, user: uid_t) throws(FileError) -> String {
        var name = path
        var info = stat()
        for _ in 0..<40 {
            guard lstat(name, &info) == 0, (info.st_mode & S_IFMT) == S_IFLNK else { return name }
            guard info.st_uid == user || info.st_uid == 0 else {
                throw FileError(.write, path: path, reason: .refused(
                    tr("the symlink {link} belongs to another user (uid {uid})", ["link": name, "uid": info.st_uid])))
            }
            var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
            let count = readlink(name, &buffer, buffer.count - 1)
            guard count >= 0 else { throw FileError(.write, path: path, errno: errno) }
            let target = String(decoding: buffer[..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
            name = target.hasPrefix("/") ? target : parentDirectory(of: name) + "/" + target
        }
        throw FileError(.write, path: path, errno: ELOOP)
    }

    /// Writes `bytes` into the FIFO or character device at `path`, opened as it is (no create, no truncate).
    private static func stream(_ bytes: [UInt8], to path: String) throws(FileError) {
        let fd = open(path, O_WRONLY | O_NOCTTY | O_CLOEXEC)
        guard fd >= 0 else { throw FileError(.write, path: path, errno: errno) }
        var closed = false
        defer { if !closed { close(fd) } }
        var info = stat()
        guard fstat(fd, &info) == 0 else { throw FileError(.write, path: path, errno: errno) }
        let type = info.st_mode & S_IFMT
        // Swapped between the look and the open: nothing is written to what came instead.
        guard type == S_IFIFO || type == S_IFCHR else {
            throw FileError(.write, path: path, reason: .refused(tr("it is {kind}", ["kind": kindName(type)])))
        }
        // Text the program did not write (the provider's cards) reaches a terminal only made safe.
        let output = isatty(fd) == 1 ? Array(TerminalText.safe(String(decoding: bytes, as: UTF8.self)).utf8) : bytes
        // A reader that goes away is an error to report (EPIPE), not a signal that ends the process unheard.
        let previous = signal(SIGPIPE, SIG_IGN)
        defer { signal(SIGPIPE, previous) }
        var failure: FileError?
        output.withUnsafeBytes { buffer in
            do throws(FileError) { try writeAll(buffer, to: fd, path: path) } catch { failure = error }
        }
        if let failure { throw failure }
        closed = true
        guard close(fd) == 0 else { throw FileError(.write, path: path, errno: errno) }
    }
}
