import DoseCore
import DoseTestSupport
import Foundation
import Testing

@testable import DoseSystem

/// What the scheduler makes of `due.json`: a summary of the store beside it, or no line and a reason (a malformed
/// file naming the file and the field, a summary whose store was removed), or nothing at all for a missing file.
@Suite(.timeLimit(.minutes(5)), .watched) struct DueSummaryFileTests {
    static let summary = DueSummary(newPerDay: 20, newStudied: [10], topics: [DueSummary.Topic(due: [5, 7], new: 3)])

    func home() throws -> (file: DueSummaryFile, store: String) {
        let path = NSTemporaryDirectory() + "dose-due-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        let store = path + "/dose.sqlite3"
        try Data("a store".utf8).write(to: URL(fileURLWithPath: store))
        return (DueSummaryFile(path: path + "/due.json"), store)
    }

    @Test func aWrittenSummaryReadsBackBesideItsStore() throws {
        let (file, store) = try home()
        #expect(file.load(storePath: store) == .missing)
        #expect(file.load(storePath: store).problem == nil, "a home that never studied is no problem")
        try file.write(Self.summary)
        #expect(file.load(storePath: store) == .summary(Self.summary))
        #expect(file.read(storePath: store) == Self.summary)
        try file.remove()
        #expect(file.load(storePath: store) == .missing)
        try file.remove()  // already gone: no error
    }

    @Test func aMalformedFileIsNoSummaryAndSaysWhy() throws {
        let (file, store) = try home()
        try Data(#"{"format":"daily-dose-due/1","newPerDay":"many"}"#.utf8).write(to: URL(fileURLWithPath: file.path))
        let reading = file.load(storePath: store)
        #expect(reading.summary == nil)
        let problem = try #require(reading.problem)
        #expect(problem.hasPrefix(file.path + ": ") && problem.contains("\"newPerDay\""), "\(problem)")
        #expect(file.read(storePath: store) == nil)
    }

    @Test func aSummaryWhoseStoreIsGoneIsStale() throws {
        let (file, store) = try home()
        try file.write(Self.summary)
        try FileManager.default.removeItem(atPath: store)
        let reading = file.load(storePath: store)
        #expect(reading.summary == nil)
        guard case .stale(let reason) = reading else { Issue.record("not stale: \(reading)"); return }
        #expect(reason.contains(file.path) && reason.contains(store), "\(reason)")
    }

    @Test func aDirectoryInItsPlaceIsNoSummary() throws {
        let (file, store) = try home()
        try FileManager.default.createDirectory(atPath: file.path, withIntermediateDirectories: true)
        let reading = file.load(storePath: store)
        #expect(reading.summary == nil && reading.problem != nil, "\(reading)")
    }
}
