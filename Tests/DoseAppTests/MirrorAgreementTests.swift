import DoseCore
import DoseSystem
import DoseTestSupport
import Foundation
import Testing

@testable import DoseStore

/// Both processes agree: whatever command opens the store finds a snapshot left behind by a pass
/// killed between the store's commit and the snapshot's rename and mirrors again; and two passes at
/// once end with the snapshot of the last committed pool.
@Suite(.timeLimit(.minutes(10)), .watched) struct MirrorAgreementTests {
    static func recordedDigest(_ sandbox: Sandbox) throws -> String? {
        try PoolStore(database: Database(path: sandbox.databasePath)).recordedDigest()
    }

    static func snapshotDigest(_ sandbox: Sandbox) throws -> String {
        try SnapshotFile(path: sandbox.snapshotPath).read().poolDigest
    }

    /// The state a kill between commit and rename leaves (the store has the new pool, the snapshot
    /// is the old pool's), then one command: the snapshot is the store's pool again, and the app and
    /// the scheduler name the same dose on every one of 30 days.
    @Test(arguments: [
        ["today", "--date", "2026-12-02"], ["show", "other-fact"], ["open", "other-fact", "--no-launch"],
        ["open", "--no-launch"], ["learn", "list"],
    ])
    func aCommandThatOpensTheStoreMirrorsAnOlderSnapshotAgain(_ command: [String]) throws {
        let sandbox = try Sandbox()
        #expect(try sandbox.dose("import", try sandbox.write("golden.json", Fixtures.goldenPack)).status == 0)
        let older = try sandbox.read(sandbox.snapshotPath)
        #expect(try sandbox.dose("import", try sandbox.write("other.json", Fixtures.otherPack)).status == 0)
        try older.write(to: URL(fileURLWithPath: sandbox.snapshotPath))
        #expect(try Self.snapshotDigest(sandbox) != Self.recordedDigest(sandbox))

        let run = try sandbox.run("dose", command)
        #expect(run.status == 0, "\(command): \(run.stderr)")
        #expect(try Self.snapshotDigest(sandbox) == Self.recordedDigest(sandbox), "\(command)")
        let today = try sandbox.dose("today", "--date", "2026-12-02", "--days", "30", "--all", "--json")
        let notified = try sandbox.notify("--dry-run", "--date", "2026-12-02", "--days", "30", "--json")
        let appIDs = try Sandbox.jsonLines(today.stdout).map { $0["id"] as? String }
        let notifiedIDs = try Sandbox.jsonLines(notified.stdout).map { $0["id"] as? String }
        #expect(appIDs.count == 30 && appIDs == notifiedIDs, "\(command)")
    }

    /// A mirror waits its turn: while another holds `snapshot.lock`, `dose today` with a stale snapshot
    /// does not write it; once the lock goes, it does.
    @Test func aMirrorWaitsForTheSnapshotLock() throws {
        let sandbox = try Sandbox()
        #expect(try sandbox.dose("import", try sandbox.write("golden.json", Fixtures.goldenPack)).status == 0)
        let older = try sandbox.read(sandbox.snapshotPath)
        #expect(try sandbox.dose("import", try sandbox.write("other.json", Fixtures.otherPack)).status == 0)
        try older.write(to: URL(fileURLWithPath: sandbox.snapshotPath))
        var lock: FileLock? = try FileLock(path: sandbox.root.appendingPathComponent("state/daily-dose/snapshot.lock").path, timeout: 0)
        let release = DispatchWorkItem { lock = nil }
        DispatchQueue.global().asyncAfter(deadline: .now() + 1.5, execute: release)
        let start = Date()
        let run = try sandbox.run("dose", ["today", "--date", "2026-12-02"], timeout: 30)
        let elapsed = Date().timeIntervalSince(start)
        #expect(release.wait(timeout: .now() + 30) == .success, "the lock was never released")
        #expect(run.status == 0, "\(run.stderr)")
        #expect(elapsed >= 1.4, "the mirror did not wait for the lock (\(elapsed) s)")
        #expect(try Self.snapshotDigest(sandbox) == Self.recordedDigest(sandbox))
        _ = lock
    }

    /// A pack of `count` generated items whose ids start with `prefix`.
    static func pack(prefix: String, count: Int) -> String {
        let items = (0..<count).map { index in
            "{\"id\": \"\(prefix)-\(index)\", \"kind\": \"fact\", \"sortKey\": \(index % 7), \"text\": \"Fact \(index) of \(prefix): $E = mc^2$, a long enough line to make the snapshot take a moment to write.\"}"
        }
        return "{\"format\": \"daily-dose-pack/1\", \"items\": [\n" + items.joined(separator: ",\n") + "\n]}"
    }

    /// Two imports of different packs at once, round after round: whichever commits last, the snapshot
    /// ends as the store's pool (without the lock, the older snapshot was at times renamed last).
    @Test func twoPassesAtOnceEndWithTheLastCommittedPool() throws {
        let sandbox = try Sandbox()
        let packs = [
            try sandbox.write("a.json", Self.pack(prefix: "a", count: 3000)),
            try sandbox.write("b.json", Self.pack(prefix: "b", count: 2000)),
        ]
        #expect(try sandbox.dose("import", packs[0]).status == 0)
        var disagreements = 0
        for round in 0..<30 {
            // Alternate who starts first, so each pack is at times the last committed.
            let imports = try (round % 2 == 0 ? packs : packs.reversed()).map { pack in
                try ChildProcess(
                    Sandbox.binaryDirectory.appendingPathComponent("dose").path, ["import", pack], environment: sandbox.environment,
                    stdout: .discard)
            }
            let results = imports.map { $0.wait() }
            #expect(results.allSatisfy { $0.exitCode == 0 }, "round \(round): \(results.filter { $0.exitCode != 0 })")
            if try Self.snapshotDigest(sandbox) != Self.recordedDigest(sandbox) { disagreements += 1 }
        }
        #expect(disagreements == 0, "the snapshot was not the store's pool after \(disagreements) of 30 rounds")
    }
}
