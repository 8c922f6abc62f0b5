import DoseTestSupport
import Foundation
import Synchronization
import Testing

@testable import DoseSystem

@Suite(.timeLimit(.minutes(5)), .watched) struct FileSystemTests {
    func temporaryDirectory() throws -> String {
        let path = NSTemporaryDirectory() + "dose-fs-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }

    @Test func atomicWriteReplacesWholeAndLeavesNoTemporaryFile() throws {
        let directory = try temporaryDirectory()
        let path = directory + "/nested/deeper/file.txt"
        try FileSystem.writeAtomically("first", to: path, mode: 0o600)
        try FileSystem.writeAtomically("second, longer", to: path, mode: 0o600)
        #expect(try FileSystem.readText(path) == "second, longer")
        let names = try FileManager.default.contentsOfDirectory(atPath: directory + "/nested/deeper")
        #expect(names == ["file.txt"])
        let mode = try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int
        #expect(mode == 0o600)
    }

    @Test func aFailedWriteLeavesTheOldFile() throws {
        let directory = try temporaryDirectory()
        let path = directory + "/file.txt"
        try FileSystem.writeAtomically("old", to: path)
        chmod(directory, 0o500)
        defer { chmod(directory, 0o700) }
        // Root ignores directory permissions; the check only means something for other users.
        if geteuid() != 0 {
            #expect(throws: FileError.self) { try FileSystem.writeAtomically("new", to: path) }
        }
        #expect(try FileSystem.readText(path) == "old")
    }

    /// Both ends of a file, whatever its size against the lengths asked for (the snapshot's quick look).
    @Test func readEndsGivesTheFirstAndLastBytes() throws {
        let directory = try temporaryDirectory()
        let path = directory + "/ends"
        let bytes = (0..<10_000).map { UInt8(truncatingIfNeeded: $0 &* 7) }
        try FileSystem.writeAtomically(bytes, to: path)
        let ends = try FileSystem.readEnds(path, head: 4096, tail: 16)
        #expect(ends.head == Array(bytes.prefix(4096)))
        #expect(ends.tail == Array(bytes.suffix(16)))
        // Shorter than both: each is the whole file.
        try FileSystem.writeAtomically(Array(bytes.prefix(10)), to: path)
        let short = try FileSystem.readEnds(path, head: 4096, tail: 16)
        #expect(short.head == Array(bytes.prefix(10)))
        #expect(short.tail == Array(bytes.prefix(10)))
        try FileSystem.writeAtomically([UInt8](), to: path)
        #expect(try FileSystem.readEnds(path, head: 4096, tail: 16) == ([], []))
        #expect(throws: FileError.self) { try FileSystem.readEnds(directory + "/missing", head: 1, tail: 1) }
        #expect(throws: FileError.self) { try FileSystem.readEnds(directory, head: 1, tail: 1) }
    }

    @Test func readRefusesOversizedFilesAndReportsMissingOnes() throws {
        let directory = try temporaryDirectory()
        let path = directory + "/big"
        try FileSystem.writeAtomically([UInt8](repeating: 65, count: 100), to: path)
        #expect(throws: FileError.self) { try FileSystem.read(path, limit: 10) }
        do {
            _ = try FileSystem.read(directory + "/missing")
            Issue.record("a missing file was read")
        } catch {
            #expect(error.isMissing)
            #expect(error.description.contains("missing"))
        }
    }

    @Test func mapGivesTheFileBytesAndRefusesWhatReadRefuses() throws {
        let directory = try temporaryDirectory()
        let path = directory + "/snapshot"
        let bytes = (0..<100_000).map { UInt8(truncatingIfNeeded: $0 &* 31) }
        try FileSystem.writeAtomically(bytes, to: path)
        let region = try FileSystem.map(path)
        #expect(region.withBytes(Array.init) == bytes)
        // A replacement by rename leaves the mapped bytes as they were (the old inode stays).
        try FileSystem.writeAtomically([1, 2, 3], to: path)
        #expect(region.withBytes(Array.init) == bytes)
        #expect(try FileSystem.map(path).withBytes(Array.init) == [1, 2, 3])

        try FileSystem.writeAtomically([UInt8](), to: path)
        #expect(try FileSystem.map(path).count == 0)
        // Not a regular file: refused, like every other device (see `notARegularFileIsRefusedAtOnce`).
        #expect(throws: FileError.self) { try FileSystem.map("/dev/null") }
        try FileSystem.writeAtomically([UInt8](repeating: 65, count: 100), to: path)
        #expect(throws: FileError.self) { try FileSystem.map(path, limit: 10) }
        #expect(throws: FileError.self) { try FileSystem.map(directory) }
        do {
            _ = try FileSystem.map(directory + "/missing")
            Issue.record("a missing file was mapped")
        } catch {
            #expect(error.isMissing)
        }
    }

    /// Runs `body` on another thread and waits at most `seconds`: a read that blocks fails the test
    /// instead of hanging it. `unblock` then frees the stuck thread (a writer opening the FIFO).
    static func withinDeadline(
        _ seconds: Double, _ what: String, unblock: () -> Void = {}, _ body: @escaping @Sendable () -> Void
    ) {
        let done = DispatchSemaphore(value: 0)
        Thread.detachNewThread {
            body()
            done.signal()
        }
        if done.wait(timeout: .now() + seconds) == .timedOut {
            Issue.record("\(what) still blocked after \(seconds) s")
            unblock()
            _ = done.wait(timeout: .now() + 5)
        }
    }

    /// A FIFO, a device and a symlink to a device where a file of ours belongs: every way of reading
    /// refuses it at once, naming the file and what it is, instead of blocking for a writer that never
    /// comes (a FIFO) or reading without end (`/dev/zero`).
    @Test func notARegularFileIsRefusedAtOnce() throws {
        let directory = try temporaryDirectory()
        let fifo = directory + "/snapshot.json"
        #expect(mkfifo(fifo, 0o600) == 0)
        let zeroLink = directory + "/config.ini"
        #expect(symlink("/dev/zero", zeroLink) == 0)
        let cases: [(path: String, kind: String)] = [
            (fifo, "a FIFO"), (zeroLink, "a character device"), ("/dev/zero", "a character device"),
            (directory, "a directory"),
        ]
        for (path, kind) in cases {
            let readers: [(String, @Sendable () throws(FileError) -> Void)] = [
                ("read", { () throws(FileError) in _ = try FileSystem.read(path, limit: 1 << 20) }),
                ("readText", { () throws(FileError) in _ = try FileSystem.readText(path, limit: 64) }),
                ("map", { () throws(FileError) in _ = try FileSystem.map(path, limit: 1 << 20) }),
                ("readEnds", { () throws(FileError) in _ = try FileSystem.readEnds(path, head: 8, tail: 8) }),
                ("openRegularFile", { () throws(FileError) in _ = try FileSystem.openRegularFile(path) }),
            ]
            for (name, reader) in readers {
                let outcome = Mutex<FileError?>(nil)
                Self.withinDeadline(2, "\(name) of \(path)", unblock: {
                    // A reader stuck in open(2) on the FIFO returns once a writer opens it.
                    let writer = open(fifo, O_WRONLY | O_NONBLOCK)
                    if writer >= 0 { close(writer) }
                }) {
                    do throws(FileError) { try reader() } catch { outcome.withLock { $0 = error } }
                }
                let error = outcome.withLock { $0 }
                #expect(error?.reason == .notRegularFile(kind), "\(name) of \(path): \(String(describing: error))")
                #expect(error?.description.contains(path) == true)
            }
        }
    }

    /// A pack the user names may be a pipe (`dose import <(…)`): read to its end when asked for.
    @Test func aStreamIsReadWhenAllowed() throws {
        let fifo = try temporaryDirectory() + "/pack.json"
        #expect(mkfifo(fifo, 0o600) == 0)
        Thread.detachNewThread {
            let writer = open(fifo, O_WRONLY)
            _ = write(writer, "[1]", 3)
            close(writer)
        }
        #expect(try FileSystem.read(fifo, limit: 64, allowingStreams: true) == Array("[1]".utf8))
    }

    @Test func parentDirectory() {
        #expect(FileSystem.parentDirectory(of: "/a/b/c") == "/a/b")
        #expect(FileSystem.parentDirectory(of: "/a") == "/")
        #expect(FileSystem.parentDirectory(of: "a") == ".")
    }
}
