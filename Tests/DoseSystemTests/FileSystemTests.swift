import Foundation
import Testing

@testable import DoseSystem

@Suite struct FileSystemTests {
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
        #expect(try FileSystem.map("/dev/null").count == 0)
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

    @Test func parentDirectory() {
        #expect(FileSystem.parentDirectory(of: "/a/b/c") == "/a/b")
        #expect(FileSystem.parentDirectory(of: "/a") == "/")
        #expect(FileSystem.parentDirectory(of: "a") == ".")
    }
}
