import DoseApp
import DoseCore
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
        #expect(last.outcome == .failed && last.message == failure.detail && last.items == nil && last.problem == .unreachable)
        #expect(last.source == "http://127.0.0.1:9/pack.json")
        // The app's words; libcurl's are the record's and the journal's (issue 21).
        #expect(failure.message == "Couldn't reach the content source. Check the address and your connection.")
        #expect(last.lastSuccess == nil, "no sync had worked")
        #expect(try home.dose("list").stdout.split(separator: "\n").count == 8, "the pool is unchanged")
    }

    @Test func noSourceIsRecordedAsAFailureNamingWhatToDo() throws {
        let home = try DesktopHome()
        let sync = SyncService(paths: home.paths, queue: home.queue)
        guard case .failure(let failure) = try home.wait({ sync.syncNow(progress: { _ in }, done: $0) }) else {
            Issue.record("a sync without a source succeeded")
            return
        }
        #expect(failure.message == "Add a content source first.")
        #expect(failure.detail?.contains("no source") == true)
        #expect(sync.lastResult()?.outcome == .failed && sync.lastResult()?.problem == .noSource)
    }

    @Test func aFailureKeepsTheLastSyncThatWorkedWhoeverRanIt() throws {
        let home = try DesktopHome()
        let pack = try home.write("pack.json", DesktopFixtures.pack)
        #expect(try home.dose("config", "set", "source", pack).status == 0)
        #expect(try home.dose("sync").status == 0)
        let good = try #require(SyncService(paths: home.paths, queue: home.queue).lastResult())
        #expect(good.outcome == .synced && good.items == 8)
        // The command's failure, then the app's: each keeps the last success, and says why it failed.
        #expect(try home.dose("config", "set", "source", "http://127.0.0.1:9/pack.json").status == 0)
        #expect(try home.dose("sync").status == 69)
        let sync = SyncService(paths: home.paths, queue: home.queue)
        #expect(sync.lastResult()?.lastSuccess == .init(at: good.at, items: 8) && sync.lastResult()?.problem == .unreachable)
        _ = try home.wait { sync.syncNow(progress: { _ in }, done: $0) }
        let last = try #require(sync.lastResult())
        #expect(last.outcome == .failed && last.lastSuccess == .init(at: good.at, items: 8))
        #expect(PreferencesText.syncStatus(last, now: last.at, zone: FixedOffsetZone.utc).failed)
        #expect(PreferencesText.syncStatus(last, now: last.at, zone: FixedOffsetZone.utc).text.hasPrefix("Last synced "))
        // An ftp:// source given to the sync itself: refused as such, never "no such file".
        guard case .failure(let ftp) = try home.wait({ sync.syncNow(source: "ftp://example.org/p.json", progress: { _ in }, done: $0) }) else {
            Issue.record("an ftp:// sync went ahead")
            return
        }
        #expect(ftp.message == "Daily Dose can only fetch https:// and http:// addresses or a file.")
        #expect(sync.lastResult()?.problem == .unsupportedSource && sync.lastResult()?.lastSuccess?.at == good.at)
    }

    @Test func theCommandRecordsItsSyncToo() throws {
        let home = try DesktopHome()
        let pack = try home.write("pack.json", DesktopFixtures.pack)
        #expect(try home.dose("sync", pack).status == 0)
        let last = try #require(SyncService(paths: home.paths, queue: home.queue).lastResult())
        #expect(last.outcome == .synced && last.items == 8 && last.source == pack)
    }
}
