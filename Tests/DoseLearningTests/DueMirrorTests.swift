import DoseCore
import DoseLearning
import DoseStore
import DoseSystem
import DoseTestSupport
import Foundation
import Testing

/// The due summary's mirror on a real store: written after the store's changes through an attached database, and
/// removed when it cannot be made the store's, so the morning goes without the line rather than with a stale one.
@Suite(.timeLimit(.minutes(5)), .watched) struct DueMirrorTests {
    static let now: Int64 = 1_780_297_200  // 2026-06-01T07:00:00Z

    func paths() throws -> DosePaths {
        let root = NSTemporaryDirectory() + "dose-due-mirror-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: root + "/data/daily-dose", withIntermediateDirectories: true)
        return DosePaths(dataHome: root + "/data", configHome: root + "/config", stateHome: root + "/state",
                         cacheHome: root + "/cache", runtimeDirectory: nil)
    }

    static let deck = #"{"cards":[{"front":"f1","back":"b1"},{"front":"f2","back":"b2"}]}"#

    @Test func anAttachedDatabaseMirrorsEveryChangeOfReviewState() throws {
        let paths = try paths()
        let database = try Database(path: paths.database)
        let mirror = DueMirror(paths: paths)
        mirror.attach(to: database)
        let learning = LearningStore(database: database)
        _ = try learning.tick(subject: "Calculus", topic: "Limits", now: Self.now)
        #expect(!FileManager.default.fileExists(atPath: paths.dueSummary), "nothing to study: no file")
        try learning.storeArtifact(subject: "Calculus", topic: "Limits", kind: .deck, body: Self.deck, model: nil, now: Self.now)
        let file = DueSummaryFile(path: paths.dueSummary)
        #expect(file.load(storePath: paths.database) == .summary(try StudyStore(database: database).dueSummary()))
        #expect(file.load(storePath: paths.database).summary?.count(at: Self.now, zone: FixedOffsetZone.utc) == .init(cards: 2, topics: 1))
        try StudyStore(database: database).grade(subject: "Calculus", topic: "Limits", index: 0, grade: .easy, now: Self.now)
        #expect(file.load(storePath: paths.database).summary?.count(at: Self.now + 60, zone: FixedOffsetZone.utc) == .init(cards: 1, topics: 1))
        try learning.untick(subject: "Calculus", topic: "Limits")
        #expect(file.load(storePath: paths.database) == .summary(DueSummary(newPerDay: 20, newStudied: [Self.now], topics: [])))
        let text = String(decoding: file.bytes() ?? [], as: UTF8.self)
        #expect(!text.contains("Limits") && !text.contains("b1"), "\(text)")
    }

    @Test func aMirrorThatCannotWriteRemovesTheOldFile() throws {
        let paths = try paths()
        let database = try Database(path: paths.database)
        let learning = LearningStore(database: database)
        _ = try learning.tick(subject: "Calculus", topic: "Limits", now: Self.now)
        try learning.storeArtifact(subject: "Calculus", topic: "Limits", kind: .deck, body: Self.deck, model: nil, now: Self.now)
        let mirror = DueMirror(paths: paths)
        #expect(mirror.mirror(database))
        #expect(FileManager.default.fileExists(atPath: paths.dueSummary))
        // Its lock cannot be taken (a directory in its place): the summary written before this grade would
        // announce the card as still new, so it goes.
        try FileManager.default.removeItem(atPath: paths.dueSummaryLock)
        try FileManager.default.createDirectory(atPath: paths.dueSummaryLock, withIntermediateDirectories: true)
        try StudyStore(database: database).grade(subject: "Calculus", topic: "Limits", index: 0, grade: .easy, now: Self.now)
        #expect(!mirror.mirror(database))
        #expect(!FileManager.default.fileExists(atPath: paths.dueSummary))
        try FileManager.default.removeItem(atPath: paths.dueSummaryLock)
        #expect(mirror.mirror(database))
        #expect(DueSummaryFile(path: paths.dueSummary).load(storePath: paths.database).summary?.newStudied == [Self.now])
    }
}
