import DoseCore
import DoseStore
import DoseSystem
import DoseTestSupport
import Foundation
import Testing

/// `dose today`, `dose show` and `dose open` against the full decoder (the oracle), and what `dose today`
/// does when the snapshot is not the store's pool: the store is the source of truth, so it mirrors again.
@Suite(.timeLimit(.minutes(5)), .watched) struct SnapshotReaderTests {
    /// A dose as `dose today --json` or `dose show --json` printed it, field by field against `item`.
    static func expectSame(_ object: [String: Any], _ item: Item?, _ note: String, sourceLocation: SourceLocation = #_sourceLocation) {
        guard let item else {
            Issue.record("the oracle has no dose for \(note)", sourceLocation: sourceLocation)
            return
        }
        #expect(object["id"] as? String == item.id, "\(note)", sourceLocation: sourceLocation)
        #expect(object["kind"] as? String == item.kind.rawValue, "\(note)", sourceLocation: sourceLocation)
        #expect((object["sortKey"] as? NSNumber)?.int64Value == item.sortKey, "\(note)", sourceLocation: sourceLocation)
        #expect(object["tags"] as? [String] == item.tags.map(\.rawValue), "\(note)", sourceLocation: sourceLocation)
        #expect(object["title"] as? String == item.title, "\(note)", sourceLocation: sourceLocation)
        #expect(object["text"] as? String == item.text, "\(note)", sourceLocation: sourceLocation)
        #expect(object["answer"] as? String == item.answer, "\(note)", sourceLocation: sourceLocation)
        #expect(object["explanation"] as? String == item.explanation, "\(note)", sourceLocation: sourceLocation)
    }

    static func store(_ sandbox: Sandbox) throws -> PoolStore {
        PoolStore(database: try Database(path: sandbox.databasePath))
    }

    /// Every day's dose over 1,000 days, and every item by id, is what the full decoder and the
    /// resolver over whole `Item`s give from the same snapshot, which is the store's pool.
    @Test(arguments: [nil, "CS", "EE", "common"] as [String?])
    func todayAndShowAgreeWithTheFullDecoder(branch: String?) throws {
        let sandbox = try Sandbox()
        #expect(try sandbox.dose("import", sandbox.samplePack).status == 0)
        if let branch { #expect(try sandbox.dose("config", "set", "branch", branch).status == 0) }
        let oracle = try SnapshotFile(path: sandbox.snapshotPath).read()
        #expect(oracle.items == (try Self.store(sandbox).loadPool()), "the snapshot is the store's pool")
        #expect(oracle.poolDigest == (try Self.store(sandbox).recordedDigest()))

        let today = try sandbox.dose("today", "--date", "2026-01-01", "--days", "1000", "--json")
        #expect(today.status == 0, "\(today.stderr)")
        let days = try Sandbox.jsonLines(today.stdout)
        #expect(days.count == 1000)
        let start = try #require(CivilDate(iso: "2026-01-01"))
        let audience = try #require(Audience(configured: branch))
        for (offset, object) in days.enumerated() {
            let date = start.adding(days: offset)
            #expect(object["date"] as? String == date.description)
            Self.expectSame(object, Resolver.resolve(pool: oracle.items, audience: audience, date: date), "\(date)")
        }

        guard branch == nil else { return }  // ids do not depend on the branch
        for item in oracle.items {
            let shown = try sandbox.dose("show", item.id, "--json")
            #expect(shown.status == 0, "\(item.id): \(shown.stderr)")
            Self.expectSame(try #require(try Sandbox.jsonLines(shown.stdout).first), item, item.id)
        }
    }

    /// `dose today` notices a snapshot that is missing, cut short, invalid inside, another pool's, or
    /// one it cannot tell matches (a store from before digests), answers from the store's pool, and
    /// leaves the snapshot the store's pool again.
    @Test func todayMirrorsAgainWhenTheSnapshotIsNotTheStoresPool() throws {
        let sandbox = try Sandbox()
        #expect(try sandbox.dose("import", try sandbox.write("golden.json", Fixtures.goldenPack)).status == 0)
        let expected = try sandbox.dose("today", "--date", "2026-11-29", "--days", "30", "--json")
        #expect(expected.status == 0, "\(expected.stderr)")
        let pool = try Self.store(sandbox).loadPool()
        let digest = try #require(try Self.store(sandbox).recordedDigest())
        let good = try sandbox.read(sandbox.snapshotPath)
        let snapshotURL = URL(fileURLWithPath: sandbox.snapshotPath)
        var text = String(decoding: good, as: UTF8.self)

        let damages: [(String, () throws -> Void)] = [
            ("missing", { try FileManager.default.removeItem(at: snapshotURL) }),
            ("cut short", { try good.prefix(good.count / 2).write(to: snapshotURL) }),
            // Header and ending intact: only the strict read of every item finds it.
            ("an invalid item", {
                text = text.replacingOccurrences(of: #""kind":"fact""#, with: #""kind":"fake""#)
                try Data(text.utf8).write(to: snapshotURL)
            }),
            ("another pool", {
                let other = Snapshot(generatedAt: 1, items: [Item(id: "other", kind: .fact, text: "Other")])
                try Data(other.encoded()).write(to: snapshotURL)
            }),
            ("no digest recorded", { try Self.store(sandbox).setMeta(PoolStore.digestKey, nil) }),
        ]
        for (damage, apply) in damages {
            try apply()
            let run = try sandbox.dose("today", "--date", "2026-11-29", "--days", "30", "--json")
            #expect(run.status == 0, "\(damage): \(run.stderr)")
            #expect(run.stdout == expected.stdout, "\(damage)")
            let mirrored = try SnapshotFile(path: sandbox.snapshotPath).read()
            #expect(mirrored.items == pool, "\(damage)")
            #expect(mirrored.poolDigest == digest, "\(damage)")
            #expect(try Self.store(sandbox).recordedDigest() == digest, "\(damage)")
        }
    }

    /// When the snapshot cannot be written, `dose today` still answers from the store's pool and says
    /// why the scheduler's copy is behind; `dose show` too.
    @Test func anUnwritableSnapshotIsAWarningNotAFailure() throws {
        let sandbox = try Sandbox()
        #expect(try sandbox.dose("import", try sandbox.write("golden.json", Fixtures.goldenPack)).status == 0)
        let expected = try sandbox.dose("today", "--date", "2026-11-29", "--json")
        // A non-empty directory where the snapshot goes: the rename onto it fails.
        try FileManager.default.removeItem(atPath: sandbox.snapshotPath)
        try FileManager.default.createDirectory(atPath: sandbox.snapshotPath + "/blocked", withIntermediateDirectories: true)
        let run = try sandbox.dose("today", "--date", "2026-11-29", "--json")
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout == expected.stdout)
        #expect(run.stderr.contains("could not write the snapshot"), "\(run.stderr)")
        let shown = try sandbox.dose("show", "q-weber")
        #expect(shown.status == 0, "\(shown.stderr)")
        #expect(shown.stdout.contains("ANSWER-weber"))
        #expect(shown.stderr.contains("could not write the snapshot"), "\(shown.stderr)")
    }

    /// A home that never had a pack: the same "no dose" as before, and no snapshot written for it.
    @Test func aFreshHomeGetsNoSnapshot() throws {
        let sandbox = try Sandbox()
        let run = try sandbox.dose("today", "--date", "2026-01-01")
        #expect(run.status == 1)
        #expect(run.stderr.contains(
            "no dose for 2026-01-01: the pool is empty; open Daily Dose to import the sample pack or a source (its welcome page), or run `dose import PACK`"),
            "\(run.stderr)")
        #expect(!FileManager.default.fileExists(atPath: sandbox.snapshotPath))
        let open = try sandbox.dose("open", "--no-launch")
        #expect(open.status == 1)
        #expect(open.stderr.contains("no dose today: the pool is empty; open Daily Dose to import"), "\(open.stderr)")
        let show = try sandbox.dose("show", "q-weber")
        #expect(show.status == 66)
        #expect(show.stderr.contains("no dose with id or code \"q-weber\": the pool is empty; open Daily Dose to import"), "\(show.stderr)")
        // The scheduler's line for it (the journal's, under the user unit) points to the app too.
        let dryRun = try sandbox.notify("--dry-run")
        #expect(dryRun.status == 66 && dryRun.stderr.contains("the pool is empty; open Daily Dose to import"), "\(dryRun.stderr)")
        let calendar = try sandbox.dose("calendar")
        #expect(calendar.status == 1 && calendar.stderr.contains("the pool is empty; open Daily Dose to import"), "\(calendar.stderr)")
        #expect(!FileManager.default.fileExists(atPath: sandbox.snapshotPath))
    }

    /// `dose show` and `dose open ID` read the store, and leave a stale snapshot the store's pool.
    @Test func showAndOpenMirrorAStaleSnapshot() throws {
        let sandbox = try Sandbox()
        #expect(try sandbox.dose("import", try sandbox.write("golden.json", Fixtures.goldenPack)).status == 0)
        let pool = try Self.store(sandbox).loadPool()
        let other = Snapshot(generatedAt: 1, items: [Item(id: "other", kind: .fact, text: "Other")])
        for arguments in [["show", "q-weber"], ["open", "q-weber", "--no-launch"]] {
            try Data(other.encoded()).write(to: URL(fileURLWithPath: sandbox.snapshotPath))
            let run = try sandbox.run("dose", arguments)
            #expect(run.status == 0, "\(arguments): \(run.stderr)")
            #expect(try SnapshotFile(path: sandbox.snapshotPath).read().items == pool, "\(arguments)")
        }
    }
}
