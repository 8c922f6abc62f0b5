import DoseCore
import DoseSystem
import DoseTestSupport
import Foundation
import Testing

@testable import DoseStore

/// A planning pass that changes nothing writes nothing, and still ends with a snapshot that is the store's pool.
@Suite(.timeLimit(.minutes(5)), .watched) struct PlanningPassTests {
    /// The snapshot file's identity: inode and modification time (nanoseconds).
    static func identity(_ path: String) -> [Int]? {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        return [Int(info.st_ino), Int(info.st_mtim.tv_sec), Int(info.st_mtim.tv_nsec)]
    }

    static func digest(_ sandbox: Sandbox) throws -> String {
        try SnapshotFile(path: sandbox.snapshotPath).read().poolDigest
    }

    @Test func aConfigChangeOnAnUnchangedPoolLeavesTheSnapshotAlone() throws {
        let sandbox = try Sandbox()
        let golden = try sandbox.write("golden.json", Fixtures.goldenPack)
        #expect(try sandbox.dose("import", golden).status == 0)
        let before = try #require(Self.identity(sandbox.snapshotPath))
        Thread.sleep(forTimeInterval: 0.02)
        for arguments in [["config", "set", "notify-time", "07:00"], ["config", "set", "branch", "CS"], ["config", "unset", "branch"]] {
            let run = try sandbox.run("dose", arguments)
            #expect(run.status == 0, "\(arguments): \(run.stderr)")
            #expect(Self.identity(sandbox.snapshotPath) == before, "\(arguments)")
        }
        // The same pack again: the pool is replaced by an equal one, and the snapshot stays.
        #expect(try sandbox.dose("import", golden).status == 0)
        #expect(Self.identity(sandbox.snapshotPath) == before)

        // Another pool: written, with the new digest; back to the first: written again.
        #expect(try sandbox.dose("import", try sandbox.write("other.json", Fixtures.otherPack)).status == 0)
        #expect(Self.identity(sandbox.snapshotPath) != before)
        #expect(try Self.digest(sandbox) == PoolStore(database: Database(path: sandbox.databasePath)).recordedDigest())
        #expect(try SnapshotFile(path: sandbox.snapshotPath).read().items.map(\.id) == ["other-fact"])
    }

    /// The pass trusts the digest recorded with the pool and reads no pool: a pool emptied by hand
    /// behind its digest (never done by `dose`) is not read back into the snapshot.
    @Test func aMatchingDigestReadsNoPool() throws {
        let sandbox = try Sandbox()
        #expect(try sandbox.dose("import", try sandbox.write("golden.json", Fixtures.goldenPack)).status == 0)
        let before = try #require(Self.identity(sandbox.snapshotPath))
        let store = PoolStore(database: try Database(path: sandbox.databasePath))
        try store.database.connection.execute("DELETE FROM item_tags; DELETE FROM items", "emptying by hand")
        #expect(try sandbox.dose("config", "set", "notify-time", "07:00").status == 0)
        #expect(Self.identity(sandbox.snapshotPath) == before)
        #expect(try SnapshotFile(path: sandbox.snapshotPath).read().items.count == 13)
    }

    /// A snapshot that is missing, cut short, not JSON or another pool's is written again by a pass
    /// that changed nothing in the store.
    @Test func aMissingCorruptOrStaleSnapshotIsRewritten() throws {
        let sandbox = try Sandbox()
        #expect(try sandbox.dose("import", try sandbox.write("golden.json", Fixtures.goldenPack)).status == 0)
        let good = try sandbox.read(sandbox.snapshotPath)
        let expected = try SnapshotFile(path: sandbox.snapshotPath).read()
        let url = URL(fileURLWithPath: sandbox.snapshotPath)
        let damages: [(String, () throws -> Void)] = [
            ("missing", { try FileManager.default.removeItem(at: url) }),
            ("cut short", { try good.prefix(good.count - 3).write(to: url) }),
            ("not JSON", { try Data("not a snapshot\n".utf8).write(to: url) }),
            ("empty", { try Data().write(to: url) }),
            ("another pool", {
                try Data(Snapshot(generatedAt: 1, items: [Item(id: "x", kind: .fact, text: "X")]).encoded()).write(to: url)
            }),
        ]
        for (number, (damage, apply)) in damages.enumerated() {
            try apply()
            #expect(try sandbox.dose("config", "set", "notify-time", "0\(number):30").status == 0, "\(damage)")
            let mirrored = try SnapshotFile(path: sandbox.snapshotPath).read()
            #expect(mirrored.items == expected.items, "\(damage)")
            #expect(mirrored.poolDigest == expected.poolDigest, "\(damage)")
        }
    }

    /// A pass that writes nothing still sweeps the temporary files of writers killed before their rename.
    @Test func aPassThatWritesNothingSweepsAbandonedTemporaries() throws {
        let sandbox = try Sandbox()
        #expect(try sandbox.dose("import", try sandbox.write("golden.json", Fixtures.goldenPack)).status == 0)
        // A pid no process has: the writer is gone.
        var dead: Int32 = 4_194_000
        while kill(dead, 0) == 0 || errno != ESRCH { dead -= 1 }
        let abandoned = sandbox.snapshotPath + ".tmp-\(dead)-AbCdEf"
        let live = sandbox.snapshotPath + ".tmp-\(getpid())-AbCdEf"
        for path in [abandoned, live] { FileManager.default.createFile(atPath: path, contents: Data("partial".utf8)) }
        let before = try #require(Self.identity(sandbox.snapshotPath))
        #expect(try sandbox.dose("config", "set", "notify-time", "07:00").status == 0)
        #expect(Self.identity(sandbox.snapshotPath) == before)
        #expect(!FileManager.default.fileExists(atPath: abandoned))
        #expect(FileManager.default.fileExists(atPath: live), "a live writer's file is its own")
    }
}
