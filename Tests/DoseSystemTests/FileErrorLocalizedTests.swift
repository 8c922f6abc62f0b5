import DoseSystem
import DoseTestSupport
import Foundation
import Glibc
import Testing

/// File errors for people: under C the English sentences as before, in German whole German sentences with the
/// path as it is and the system's reason in German too (glibc's strerror follows the thread's locale).
@Suite(.timeLimit(.minutes(5)), .watched) struct FileErrorLocalizedTests {
    @Test func aMissingFileAndAFIFOInGermanAndInEnglish() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("file-error-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let fifo = directory + "/pipe"
        #expect(mkfifo(fifo, 0o600) == 0)

        func failure(_ body: () throws(FileError) -> Void) -> FileError? {
            do { try body() } catch { return error }
            return nil
        }
        let missing = try #require(failure { () throws(FileError) in _ = try FileSystem.read(directory + "/missing", limit: 10) })
        #expect(missing.description == "cannot read \(directory)/missing: No such file or directory")
        #expect(try German.run { missing.description } == "\(directory)/missing kann nicht gelesen werden: Datei oder Verzeichnis nicht gefunden")

        // The kind of file is named when the error is made, in the language of that moment.
        let german = try German.run { failure { () throws(FileError) in _ = try FileSystem.read(fifo, limit: 10) }?.description }
        #expect(german == "\(fifo) kann nicht gelesen werden: es ist eine FIFO, keine reguläre Datei")
        let english = try #require(failure { () throws(FileError) in _ = try FileSystem.read(fifo, limit: 10) })
        #expect(english.description == "cannot read \(fifo): it is a FIFO, not a regular file")
        #expect(FileError(.writeDosePage, path: "/x", reason: .tooLarge(limit: 5)).description == "cannot write the dose page /x: larger than 5 bytes")
    }
}
