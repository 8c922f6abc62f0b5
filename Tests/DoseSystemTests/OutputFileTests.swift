import DoseTestSupport
import Foundation
import Synchronization
import Testing

@testable import DoseSystem

/// A file the user names for output (`dose learn export --anki FILE`): whatever is there is written
/// as it asks, and nothing is replaced that should not be (`FileSystem.writeOutput`).
@Suite(.timeLimit(.minutes(5)), .watched) struct OutputFileTests {
    let payload = Array("#separator:tab\nfront\tback\tdaily-dose\n".utf8)

    func temporaryDirectory() throws -> String {
        let path = NSTemporaryDirectory() + "dose-output-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }

    func type(of path: String) -> mode_t {
        var info = stat()
        return lstat(path, &info) == 0 ? info.st_mode & S_IFMT : 0
    }

    func inode(of path: String) -> ino_t {
        var info = stat()
        return stat(path, &info) == 0 ? info.st_ino : 0
    }

    func refusal(_ path: String) -> FileError? {
        do throws(FileError) { try FileSystem.writeOutput(payload, to: path) } catch { return error }
        return nil
    }

    /// A named pipe with a reader on it: the reader gets every byte, and the pipe is still a pipe.
    @Test func aFIFOGetsTheBytesAndStaysAFIFO() throws {
        let fifo = try temporaryDirectory() + "/deck.txt"
        #expect(mkfifo(fifo, 0o600) == 0)
        let received = Mutex<[UInt8]?>(nil)
        let readerDone = DispatchSemaphore(value: 0)
        Thread.detachNewThread {
            let reader = open(fifo, O_RDONLY)
            var bytes: [UInt8] = []
            var chunk = [UInt8](repeating: 0, count: 4096)
            while reader >= 0 {
                let count = chunk.withUnsafeMutableBytes { read(reader, $0.baseAddress, $0.count) }
                if count <= 0 { break }
                bytes += chunk[0..<count]
            }
            close(reader)
            received.withLock { $0 = bytes }
            readerDone.signal()
        }
        let failure = Mutex<FileError?>(nil)
        FileSystemTests.withinDeadline(5, "writing into the FIFO", unblock: {
            let reader = open(fifo, O_RDONLY | O_NONBLOCK)
            if reader >= 0 { close(reader) }
        }) { [payload] in
            do throws(FileError) { try FileSystem.writeOutput(payload, to: fifo) } catch { failure.withLock { $0 = error } }
        }
        #expect(failure.withLock { $0 } == nil)
        #expect(readerDone.wait(timeout: .now() + 5) == .success)
        #expect(received.withLock { $0 } == payload)
        #expect(type(of: fifo) == S_IFIFO)
    }

    /// `>(…)`: the shell passes `/dev/fd/N`, a pipe the process holds; the bytes come out of its other end.
    @Test func aDevFdPipeGetsTheBytes() throws {
        var ends: [Int32] = [0, 0]
        #expect(pipe(&ends) == 0)
        defer { close(ends[0]) }
        let path = "/dev/fd/\(ends[1])"
        let failure = refusal(path)
        close(ends[1])
        #expect(failure == nil, "\(String(describing: failure))")
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 4096)
        while true {
            let count = chunk.withUnsafeMutableBytes { read(ends[0], $0.baseAddress, $0.count) }
            if count <= 0 { break }
            bytes += chunk[0..<count]
        }
        #expect(bytes == payload)
    }

    /// A device node (what `/dev/null` is; made here with mknod, never the system's own): written
    /// through and left a character device with the same numbers.
    @Test(.enabled(if: geteuid() == 0, "mknod needs root"))
    func aCharacterDeviceStaysADevice() throws {
        let node = try temporaryDirectory() + "/null"
        let null: dev_t = 0x103  // major 1, minor 3: the kernel's null device
        #expect(mknod(node, S_IFCHR | 0o666, null) == 0)
        let failure = refusal(node)
        #expect(failure == nil, "\(String(describing: failure))")
        var info = stat()
        #expect(lstat(node, &info) == 0)
        #expect(info.st_mode & S_IFMT == S_IFCHR && info.st_rdev == null)
        // Nothing was left beside it either (no temporary file for a rename).
        #expect(try FileManager.default.contentsOfDirectory(atPath: FileSystem.parentDirectory(of: node)) == ["null"])
    }

    /// A directory, and a symlink to one: refused, naming the file, and left as they were.
    @Test func aDirectoryIsRefused() throws {
        let directory = try temporaryDirectory()
        let target = directory + "/deck"
        try FileManager.default.createDirectory(atPath: target, withIntermediateDirectories: false)
        let link = directory + "/link"
        #expect(symlink(target, link) == 0)
        for path in [target, link] {
            let error = refusal(path)
            #expect(error?.description == "cannot write \(path): it is a directory", "\(String(describing: error))")
        }
        #expect(type(of: target) == S_IFDIR && type(of: link) == S_IFLNK)
        #expect(try FileManager.default.contentsOfDirectory(atPath: target).isEmpty)
    }

    /// Another user's file (made so with chown, as root), by its name or through a symlink: refused and
    /// untouched; replacing it would give it a new owner and a new inode behind its owner's back.
    @Test(.enabled(if: geteuid() == 0, "chown needs root"))
    func anotherUsersFileIsRefused() throws {
        let directory = try temporaryDirectory()
        let theirs = directory + "/theirs.txt"
        try "their notes\n".write(toFile: theirs, atomically: false, encoding: .utf8)
        #expect(chown(theirs, 65534, 65534) == 0)
        let link = directory + "/deck.txt"
        #expect(symlink(theirs, link) == 0)
        let before = inode(of: theirs)
        for path in [link, theirs] {
            let error = refusal(path)
            #expect(error?.description == "cannot write \(path): belongs to another user (uid 65534)", "\(String(describing: error))")
        }
        #expect(try String(contentsOfFile: theirs, encoding: .utf8) == "their notes\n")
        #expect(inode(of: theirs) == before && type(of: link) == S_IFLNK)
    }

    /// A symlink another user made, even to a file of ours: refused (it is how a name someone else
    /// controls would get our file replaced).
    @Test(.enabled(if: geteuid() == 0, "lchown needs root"))
    func aLinkAnotherUserMadeIsRefused() throws {
        let directory = try temporaryDirectory()
        let ours = directory + "/ours.txt"
        try "ours\n".write(toFile: ours, atomically: false, encoding: .utf8)
        let link = directory + "/deck.txt"
        #expect(symlink(ours, link) == 0)
        #expect(lchown(link, 65534, 65534) == 0)
        let error = refusal(link)
        #expect(error?.description == "cannot write \(link): the symlink \(link) belongs to another user (uid 65534)",
                "\(String(describing: error))")
        #expect(try String(contentsOfFile: ours, encoding: .utf8) == "ours\n")
    }

    /// A symlink to a file of ours (a sync folder): the file it leads to is replaced atomically (a new
    /// inode, its mode kept), and the link stays a link pointing at it.
    @Test func aSymlinkToOurFileIsWrittenThrough() throws {
        let directory = try temporaryDirectory()
        try FileManager.default.createDirectory(atPath: directory + "/sync", withIntermediateDirectories: false)
        let real = directory + "/sync/deck.txt"
        try "old\n".write(toFile: real, atomically: false, encoding: .utf8)
        #expect(chmod(real, 0o600) == 0)
        let link = directory + "/deck.txt"
        #expect(symlink("sync/deck.txt", link) == 0)
        let before = inode(of: real)
        let failure = refusal(link)
        #expect(failure == nil, "\(String(describing: failure))")
        #expect(type(of: link) == S_IFLNK)
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: link) == "sync/deck.txt")
        #expect(try Array(Data(contentsOf: URL(fileURLWithPath: real))) == payload)
        #expect(inode(of: real) != before, "replaced by rename, not rewritten in place")
        let mode = try FileManager.default.attributesOfItem(atPath: real)[.posixPermissions] as? Int
        #expect(mode == 0o600)
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory + "/sync") == ["deck.txt"])
    }

    /// A new file is made; an existing one of ours is replaced whole, keeping its permissions.
    @Test func aRegularFileIsReplacedKeepingItsMode() throws {
        let path = try temporaryDirectory() + "/deck.txt"
        #expect(refusal(path) == nil)
        #expect(try Array(Data(contentsOf: URL(fileURLWithPath: path))) == payload)
        #expect(chmod(path, 0o640) == 0)
        try FileSystem.writeOutput(Array("shorter\n".utf8), to: path)
        #expect(try String(contentsOfFile: path, encoding: .utf8) == "shorter\n")
        let mode = try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int
        #expect(mode == 0o640)
    }

    /// A write that fails half way (a full 64 KiB tmpfs, mounted as root) leaves the old file whole and
    /// no partial or temporary file beside it.
    @Test(.enabled(if: geteuid() == 0, "mounting a tmpfs needs root"))
    func aFailedWriteLeavesTheOldFileWhole() throws {
        let directory = try temporaryDirectory()
        try #require(mount("tmpfs", directory, "tmpfs", 0, "size=64k,mode=0700") == 0, "mount: \(String(cString: strerror(errno)))")
        defer { umount2(directory, Int32(MNT_DETACH)) }
        let path = directory + "/deck.txt"
        try FileSystem.writeOutput(Array("old deck\n".utf8), to: path)
        let large = [UInt8](repeating: UInt8(ascii: "x"), count: 256 << 10)
        do throws(FileError) {
            try FileSystem.writeOutput(large, to: path)
            Issue.record("256 KiB fitted a 64 KiB tmpfs")
        } catch {
            #expect(error.description.contains("No space left on device"), "\(error)")
        }
        #expect(try String(contentsOfFile: path, encoding: .utf8) == "old deck\n")
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory) == ["deck.txt"])
    }
}
