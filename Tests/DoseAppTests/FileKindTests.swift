import DoseTestSupport
import Foundation
import Testing

/// A FIFO or a device where `snapshot.json`, `config.ini` or `last-fired` belongs: every reader
/// refuses it at once, naming the file, instead of blocking for ever (a FIFO waits for a writer,
/// `/dev/zero` never ends). Each run is killed after a deadline, so without the fix the test fails
/// rather than hangs.
@Suite(.timeLimit(.minutes(5)), .watched) struct FileKindTests {
    static let deadline = 10.0

    /// What to put in a file's place: a FIFO, or a symlink to `/dev/zero`.
    static let replacements: [(name: String, kind: String, make: @Sendable (String) -> Int32)] = [
        ("FIFO", "a FIFO", { mkfifo($0, 0o644) }),
        ("symlink to /dev/zero", "a character device", { symlink("/dev/zero", $0) }),
    ]

    func importedSandbox() throws -> Sandbox {
        let sandbox = try Sandbox()
        #expect(try sandbox.dose("import", try sandbox.write("golden.json", Fixtures.goldenPack)).status == 0)
        return sandbox
    }

    func replace(_ path: String, with make: (String) -> Int32) throws {
        try? FileManager.default.removeItem(atPath: path)
        try FileManager.default.createDirectory(
            atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        #expect(make(path) == 0)
    }

    @Test func aSnapshotThatIsNoFileIsRefusedByTheSchedulerAndMirroredAgainByTheApp() throws {
        for (name, kind, make) in Self.replacements {
            let sandbox = try importedSandbox()
            let expected = try sandbox.notify("--dry-run", "--date", "2026-12-02", "--days", "5", "--json")
            try replace(sandbox.snapshotPath, with: make)

            let dry = try sandbox.run("dose-notify", ["--dry-run", "--date", "2026-12-02"], timeout: Self.deadline)
            #expect(!dry.timedOut, "\(name): dose-notify --dry-run blocked")
            #expect(dry.status == 74, "\(name): \(dry.stderr)")
            #expect(dry.stderr.contains(sandbox.snapshotPath) && dry.stderr.contains("\(kind), not a regular file"), "\(name): \(dry.stderr)")

            // The app mirrors the store again (the rename replaces what was there) and answers.
            let today = try sandbox.run("dose", ["today", "--date", "2026-12-02", "--all"], timeout: Self.deadline)
            #expect(!today.timedOut, "\(name): dose today blocked")
            #expect(today.status == 0, "\(name): \(today.stderr)")
            var info = stat()
            #expect(lstat(sandbox.snapshotPath, &info) == 0 && (info.st_mode & S_IFMT) == S_IFREG, "\(name)")
            let after = try sandbox.run("dose-notify", ["--dry-run", "--date", "2026-12-02", "--days", "5", "--json"], timeout: Self.deadline)
            #expect(after.stdout == expected.stdout, "\(name)")
        }
    }

    @Test func aConfigThatIsNoFileIsAConfigErrorForTheAppAndTheDefaultsForTheScheduler() throws {
        for (name, kind, make) in Self.replacements {
            let sandbox = try importedSandbox()
            try replace(sandbox.configPath, with: make)

            let today = try sandbox.run("dose", ["today", "--date", "2026-12-02"], timeout: Self.deadline)
            #expect(!today.timedOut, "\(name): dose today blocked")
            #expect(today.status == 78, "\(name): \(today.stderr)")
            #expect(today.stderr.contains(sandbox.configPath) && today.stderr.contains(kind), "\(name): \(today.stderr)")

            let dry = try sandbox.run("dose-notify", ["--dry-run", "--date", "2026-12-02"], timeout: Self.deadline)
            #expect(!dry.timedOut, "\(name): dose-notify --dry-run blocked")
            #expect(dry.status == 0, "\(name): \(dry.stderr)")
            #expect(dry.stderr.contains(sandbox.configPath) && dry.stderr.contains("using the defaults"), "\(name): \(dry.stderr)")
        }
    }

    @Test func aFiredStampThatIsNoFileIsLoggedAndTakenAsNoDayFired() throws {
        for (name, kind, make) in Self.replacements {
            let sandbox = try importedSandbox()
            let stamp = sandbox.root.appendingPathComponent("state/daily-dose/last-fired").path
            try replace(stamp, with: make)
            // Without --date the dry run plans from the stamp, as the running scheduler does.
            let dry = try sandbox.run("dose-notify", ["--dry-run"], timeout: Self.deadline)
            #expect(!dry.timedOut, "\(name): dose-notify --dry-run blocked")
            #expect(dry.status == 0, "\(name): \(dry.stderr)")
            #expect(dry.stderr.contains(stamp) && dry.stderr.contains(kind) && dry.stderr.contains("no day fired"), "\(name): \(dry.stderr)")
        }
    }

    /// The store itself: SQLite would open a FIFO and wait in its first read; refused, naming it. A sync's
    /// file source is refused too (the daemon reads it every six hours), where `dose import` reads a pipe.
    @Test func aStoreOrASyncSourceThatIsNoFileIsRefused() throws {
        for (name, _, make) in Self.replacements {
            let sandbox = try importedSandbox()
            try replace(sandbox.databasePath, with: make)
            let today = try sandbox.run("dose", ["show", "q-weber"], timeout: Self.deadline)
            #expect(!today.timedOut, "\(name): dose show blocked")
            #expect(today.status == 74 && today.stderr.contains(sandbox.databasePath) && today.stderr.contains("not a regular file"), "\(name): \(today.stderr)")

            let source = sandbox.root.appendingPathComponent("source.json").path
            try replace(source, with: make)
            try? FileManager.default.removeItem(atPath: sandbox.databasePath)
            let sync = try sandbox.run("dose", ["sync", source], timeout: Self.deadline)
            #expect(!sync.timedOut, "\(name): dose sync blocked")
            #expect(sync.status == 74 && sync.stderr.contains(source), "\(name): \(sync.stderr)")
        }
    }

    /// The running scheduler reads the same three files through the same readers: with all three
    /// replaced by FIFOs it keeps running, says so, and plans (here: no snapshot, nothing to notify).
    @Test func theSchedulerKeepsRunning() throws {
        let sandbox = try importedSandbox()
        let stamp = sandbox.root.appendingPathComponent("state/daily-dose/last-fired").path
        for path in [sandbox.snapshotPath, sandbox.configPath, stamp] { try replace(path, with: { mkfifo($0, 0o644) }) }
        let log = sandbox.root.appendingPathComponent("scheduler.log")
        var environment = sandbox.environment
        environment["DBUS_SESSION_BUS_ADDRESS"] = "unix:path=" + sandbox.root.appendingPathComponent("no-bus").path
        let scheduler = try ChildProcess(
            Sandbox.binaryDirectory.appendingPathComponent("dose-notify").path, ["run"], environment: environment,
            stdout: .file(log.path), stderr: .standardOutput)
        defer { scheduler.terminate() }
        var text = ""
        _ = scheduler.waitUntil(timeout: .seconds(30)) {
            text = (try? String(contentsOf: log, encoding: .utf8)) ?? ""
            return text.contains("last-fired") && text.contains("config.ini")
        }
        #expect(text.contains(stamp) && text.contains("a FIFO"), "\(text)")
        #expect(text.contains(sandbox.configPath), "\(text)")
        #expect(scheduler.isRunning, "the scheduler stopped: \(text)")
    }
}
