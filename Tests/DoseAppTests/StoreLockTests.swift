import DoseCore
import DoseSystem
import DoseTestSupport
import Foundation
import Testing

/// Another process holding the store's write lock (the `sqlite3` tool in `BEGIN IMMEDIATE`, kept
/// open): readers read through it at once (WAL, a schema check that takes no write lock, a mirror
/// that reads in a read transaction), and a writer gives up after the busy timeout with 75.
@Suite(.timeLimit(.minutes(5)), .watched) struct StoreLockTests {
    /// `sqlite3 DB` with a write transaction open until `release()`.
    final class WriteLockHolder {
        let sqlite: ChildProcess

        struct NotHeld: Error, CustomStringConvertible { let description: String }

        init(database: String) throws {
            sqlite = try ChildProcess("/usr/bin/sqlite3", [database], environment: ChildProcess.basicEnvironment, stdin: .pipe)
            // The answer comes only once BEGIN IMMEDIATE returned: the lock is held from then on.
            guard sqlite.write("BEGIN IMMEDIATE;\nINSERT INTO meta VALUES ('lock-probe', 'x');\nSELECT 'held';\n"),
                sqlite.waitForOutput(containing: "held", timeout: .seconds(60))
            else { throw NotHeld(description: "sqlite3 did not take the write lock within 60 s: \(sqlite.terminate())") }
        }

        func release() {
            sqlite.write("ROLLBACK;\n")
            sqlite.closeInput()
            let result = sqlite.wait(timeout: .seconds(30))
            #expect(result.exitCode == 0, "\(result)")
        }
    }

    static func timed(_ body: () throws -> Sandbox.Run) rethrows -> (Sandbox.Run, Double) {
        let start = Date()
        let run = try body()
        return (run, Date().timeIntervalSince(start))
    }

    @Test func readersReadThroughAWriterAndAWriterGivesUpWith75() throws {
        let sandbox = try Sandbox()
        #expect(try sandbox.dose("import", try sandbox.write("golden.json", Fixtures.goldenPack)).status == 0)
        let expectedToday = try sandbox.dose("today", "--date", "2026-12-02", "--all", "--json")
        let other = try sandbox.write("other.json", Fixtures.otherPack)
        let holder = try WriteLockHolder(database: sandbox.databasePath)
        defer { holder.release() }

        let (today, todayTime) = try Self.timed { try sandbox.run("dose", ["today", "--date", "2026-12-02", "--all", "--json"], timeout: 30) }
        #expect(today.status == 0, "\(today.stderr)")
        #expect(today.stdout == expectedToday.stdout)
        #expect(todayTime < 2, "dose today took \(todayTime) s")

        let (show, showTime) = try Self.timed { try sandbox.run("dose", ["show", "q-weber"], timeout: 30) }
        #expect(show.status == 0, "\(show.stderr)")
        #expect(showTime < 2, "dose show took \(showTime) s")

        let (list, listTime) = try Self.timed { try sandbox.run("dose", ["learn", "list"], timeout: 30) }
        #expect(list.status == 0, "\(list.stderr)")
        #expect(listTime < 2, "dose learn list took \(listTime) s")

        // A snapshot that is not the pool is mirrored again from a read of the store, lock or no lock.
        try Data(Snapshot(generatedAt: 1, items: [Item(id: "x", kind: .fact, text: "X")]).encoded())
            .write(to: URL(fileURLWithPath: sandbox.snapshotPath))
        let (stale, staleTime) = try Self.timed { try sandbox.run("dose", ["today", "--date", "2026-12-02", "--all", "--json"], timeout: 30) }
        #expect(stale.status == 0, "\(stale.stderr)")
        #expect(stale.stdout == expectedToday.stdout)
        #expect(staleTime < 2, "dose today with a stale snapshot took \(staleTime) s")
        #expect(try SnapshotFile(path: sandbox.snapshotPath).read().items.count == 13)

        let (importRun, importTime) = try Self.timed { try sandbox.run("dose", ["import", other], timeout: 30) }
        #expect(importRun.status == 75, "\(importRun.stderr)")
        #expect(importRun.stderr.contains("another process has been writing to the store"), "\(importRun.stderr)")
        #expect(importTime >= 4.5 && importTime < 15, "dose import gave up after \(importTime) s")
        #expect(try SnapshotFile(path: sandbox.snapshotPath).read().items.count == 13, "nothing changed")

        let tick = try sandbox.run("dose", ["learn", "tick", "Physics", "Flux"], timeout: 30)
        #expect(tick.status == 75, "\(tick.stderr)")
    }
}
