import DoseApp
import DoseDesktop
import DoseTestSupport
import Foundation
import Testing

/// Sync now over real HTTP on loopback (`tests/support/pack_server.py`), and its recorded result.
@Suite(.timeLimit(.minutes(10)), .watched) struct SyncServiceTests {
    @Test func syncNowReportsProgressAndRecordsTheResultForTheNextStart() throws {
        let home = try DesktopHome()
        let (server, url) = try home.startPackServer(DesktopFixtures.pack)
        defer { server.terminate() }
        #expect(try home.dose("config", "set", "source", url).status == 0)
        let sync = SyncService(paths: home.paths, queue: home.queue)
        #expect(sync.lastResult() == nil)
        let steps = Recorder<ContentSync.Progress>()
        let record = try home.wait { sync.syncNow(progress: { steps.append($0) }, done: $0) }.get()
        #expect(record.outcome == .synced && record.items == 8 && record.facts == 3 && record.formulas == 2 && record.questions == 3)
        #expect(record.source == url)
        #expect(steps.all.first == .fetching(source: url))
        #expect(steps.all.contains(.importing))
        #expect(steps.all.contains(.report("Synced 8 items: 3 facts, 2 formulas, 3 questions from \(url).")))
        // After a restart: a new service reads the same record from the state directory.
        #expect(SyncService(paths: home.paths, queue: home.queue).lastResult() == record)
        #expect(try home.dose("today").status == 0)
        // The server's ETag: the second sync is a 304.
        let again = try home.wait { sync.syncNow(progress: { _ in }, done: $0) }.get()
        #expect(again.outcome == .unchanged && again.at >= record.at)
        #expect(sync.lastResult()?.outcome == .unchanged)
    }

    @Test func aFailedSyncIsRecordedAndKeepsThePool() throws {
        let home = try DesktopHome()
        let pack = try home.write("pack.json", DesktopFixtures.pack)
        #expect(try home.dose("import", pack).status == 0)
        let sync = SyncService(paths: home.paths, queue: home.queue)
        // Nothing listens on port 9.
        guard case .failure(let failure) = try home.wait({ sync.syncNow(source: "http://127.0.0.1:9/pack.json", progress: { _ in }, done: $0) }) else {
            Issue.record("a sync from a closed port succeeded")
            return
        }
        let last = try #require(sync.lastResult())
        #expect(last.outcome == .failed && last.message == failure.message && last.items == nil)
        #expect(last.source == "http://127.0.0.1:9/pack.json")
        #expect(try home.dose("list").stdout.split(separator: "\n").count == 8, "the pool is unchanged")
    }

    @Test func noSourceIsRecordedAsAFailureNamingWhatToDo() throws {
        let home = try DesktopHome()
        let sync = SyncService(paths: home.paths, queue: home.queue)
        guard case .failure(let failure) = try home.wait({ sync.syncNow(progress: { _ in }, done: $0) }) else {
            Issue.record("a sync without a source succeeded")
            return
        }
        #expect(failure.message.contains("no source"))
        #expect(sync.lastResult()?.outcome == .failed)
    }

    @Test func theCommandRecordsItsSyncToo() throws {
        let home = try DesktopHome()
        let pack = try home.write("pack.json", DesktopFixtures.pack)
        #expect(try home.dose("sync", pack).status == 0)
        let last = try #require(SyncService(paths: home.paths, queue: home.queue).lastResult())
        #expect(last.outcome == .synced && last.items == 8 && last.source == pack)
    }
}
