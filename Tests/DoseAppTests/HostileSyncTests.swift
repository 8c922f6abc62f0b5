import DoseTestSupport
import Foundation
import Testing

/// `dose sync` and `dose learn run` against the hostile loopback server: every transfer ends by its
/// cap or deadline with a clear message and its exit status, sleeps while it waits, stays small in
/// memory, keeps credentials at home, and changes nothing in the store or the snapshot.
@Suite(.timeLimit(.minutes(5)), .watched) struct HostileSyncTests {
    /// A sandbox with the golden pack imported, and the state a failed sync must leave as it is.
    struct Setup {
        let sandbox: Sandbox
        let server: HostileServer
        let store: Data
        let snapshot: String

        init() throws {
            sandbox = try Sandbox()
            let pack = try sandbox.write("golden.json", Fixtures.goldenPack)
            server = try HostileServer(pack: pack)
            #expect(try sandbox.dose("import", pack).status == 0)
            store = try Self.storeBytes(sandbox)
            snapshot = try Self.snapshotText(sandbox)
        }

        /// The database file and its write-ahead log, byte for byte.
        static func storeBytes(_ sandbox: Sandbox) throws -> Data {
            let wal = (try? sandbox.read(sandbox.databasePath + "-wal")) ?? Data()
            return try sandbox.read(sandbox.databasePath) + wal
        }

        /// The snapshot's bytes but for its `generatedAt` line, which every planning pass rewrites.
        static func snapshotText(_ sandbox: Sandbox) throws -> String {
            let text = String(decoding: try sandbox.read(sandbox.snapshotPath), as: UTF8.self)
            return text.split(separator: "\n", omittingEmptySubsequences: false)
                .filter { !$0.hasPrefix("  \"generatedAt\"") }.joined(separator: "\n")
        }

        /// Nothing the failed command did reached the pool, the store's bookkeeping or the snapshot.
        func expectUnchanged(_ what: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
            #expect(try Self.storeBytes(sandbox) == store, "\(what): the store changed", sourceLocation: sourceLocation)
            #expect(try Self.snapshotText(sandbox) == snapshot, "\(what): the snapshot changed", sourceLocation: sourceLocation)
        }

        func start(_ arguments: [String], environment: [String: String] = [:]) throws -> MeasuredProcess {
            try MeasuredProcess(
                Sandbox.binaryDirectory.appendingPathComponent("dose").path, arguments,
                environment: sandbox.environment.merging(environment) { $1 }, directory: sandbox.root)
        }
    }

    /// The CPU a process spends in `seconds` of waiting, measured once its request has arrived.
    static func cpuWhileWaiting(_ process: MeasuredProcess, on server: HostileServer, seconds: Double = 3) -> Int? {
        guard server.waitForRequests() else { return nil }
        usleep(200_000)
        guard let before = process.cpuMilliseconds() else { return nil }
        usleep(UInt32(seconds * 1_000_000))
        guard let after = process.cpuMilliseconds() else { return nil }
        return after - before
    }

    // MARK: dose sync

    @Test func aTrickleEndsAsAStallWithoutSpinning() throws {
        let setup = try Setup()
        #expect(try setup.sandbox.dose("config", "set", "sync-timeout", "10").status == 0)
        let source = setup.server.url("/slow-body/30")
        let process = try setup.start(["sync", source])
        let waiting = Self.cpuWhileWaiting(process, on: setup.server)
        let run = process.wait()
        print("dose sync, one byte then silence: \(waiting.map(String.init) ?? "?") ms CPU in 3 s of waiting; \(run.cpuMilliseconds) ms in all; peak RSS \(run.maxRSSKiB) KiB")
        let cpu = try #require(waiting, "the sync ended before 3 s of waiting")
        #expect(cpu <= 30, "dose sync used \(cpu) ms of CPU in 3 s of waiting")
        #expect(run.status == 75, "\(run.stderr)")
        #expect(run.stderr.contains("cannot fetch \(source): the transfer stalled"), "\(run.stderr)")
        #expect(run.stderr.contains("the cached pool stays in use"))
        try setup.expectUnchanged("a stall")
    }

    @Test func theSyncTimeoutIsADeadlineForTheWholeDownload() throws {
        let setup = try Setup()
        #expect(try setup.sandbox.dose("config", "set", "sync-timeout", "3").status == 0)
        // Two bytes a second: never a stall, never the end.
        let source = setup.server.url("/slow-body/0.5")
        let start = Date()
        let run = try setup.start(["sync", source]).wait()
        let took = Date().timeIntervalSince(start)
        #expect(run.status == 75, "\(run.stderr)")
        #expect(run.stderr.contains("cannot fetch \(source): no complete answer within 3 s"), "\(run.stderr)")
        #expect(took < 5, "\(took) s")
        try setup.expectUnchanged("the deadline")
    }

    @Test(arguments: ["/endless", "/gzip-bomb"])
    func anOversizedAnswerEndsAtThePackCap(path: String) throws {
        let setup = try Setup()
        let source = setup.server.url(path)
        let run = try setup.start(["sync", source]).wait()
        print("dose sync \(path): peak RSS \(run.maxRSSKiB / 1024) MiB, \(run.cpuMilliseconds) ms CPU")
        #expect(run.status == 65, "\(run.stderr)")
        #expect(run.stderr.contains("cannot fetch \(source): the answer is larger than 64 MiB"), "\(run.stderr)")
        try setup.expectPeakRSS(run, of: ["sync", "http://127.0.0.1:9/pack.json"], cap: 64, target: 80)
        try setup.expectUnchanged(path)
        #expect(setup.downloadsLeft() == [], "the refused pack left files behind")
    }

    @Test func aPackThatCannotBeWrittenEndsAsAnIOError() throws {
        let setup = try Setup()
        let source = setup.server.url("/endless")
        // A 4 MiB limit on file sizes, SIGXFSZ ignored (kept across exec): write(2) fails with EFBIG
        // once the download's file reaches it, as it would on a full disk.
        let dose = Sandbox.binaryDirectory.appendingPathComponent("dose").path
        let run = try MeasuredProcess(
            "/bin/sh", ["-c", "trap '' XFSZ; exec prlimit --fsize=4194304 -- \"$@\"", "sh", dose, "sync", source],
            environment: setup.sandbox.environment, directory: setup.sandbox.root
        ).wait()
        #expect(run.status == 74, "\(run.stderr)")
        let cache = setup.sandbox.root.appendingPathComponent("cache/daily-dose").path
        #expect(
            run.stderr.contains("cannot fetch \(source): cannot write a temporary file in \(cache): File too large; the cached pool stays in use"),
            "\(run.stderr)")
        try setup.expectUnchanged("a download that cannot be written")
        #expect(setup.downloadsLeft() == [])
    }

    @Test func aFetchedPackIsImportedFromItsFileAndLeavesNothing() throws {
        let setup = try Setup()
        let run = try setup.sandbox.dose("sync", setup.server.url("/pack"))
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout.contains("Synced "), "\(run.stdout)")
        // The cache directory was made for it, private, and is empty again.
        let cache = setup.sandbox.root.appendingPathComponent("cache/daily-dose").path
        let mode = try FileManager.default.attributesOfItem(atPath: cache)[.posixPermissions] as? Int
        #expect(mode == 0o700)
        #expect(setup.downloadsLeft() == [])
    }

    @Test(arguments: [301, 302, 303, 307, 308])
    func aRedirectToAnotherOriginGetsNoCredentials(code: Int) throws {
        let setup = try Setup()
        let source = "http://reader:secret@127.0.0.1:\(setup.server.port)/redirect/\(code)/other/pack"
        let run = try setup.sandbox.dose("sync", source)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout.contains("from http://reader:***@127.0.0.1:"), "\(run.stdout)")
        #expect(!(run.stdout + run.stderr).contains("secret"))
        let requests = setup.server.requests()
        #expect(requests.map(\.server) == ["127.0.0.1", "127.0.0.2"])
        #expect(requests.map(\.auth) == [true, false], "the credentials went to the source's origin only")
        // Stored without the password.
        let database = String(decoding: try setup.sandbox.read(setup.sandbox.databasePath), as: UTF8.self)
            + String(decoding: (try? setup.sandbox.read(setup.sandbox.databasePath + "-wal")) ?? Data(), as: UTF8.self)
        #expect(!database.contains("secret"))
    }

    @Test func aRedirectToAFileIsRefusedAsBadData() throws {
        let setup = try Setup()
        let run = try setup.start(["sync", setup.server.url("/redirect/302/file")]).wait()
        #expect(run.status == 65, "\(run.stderr)")
        #expect(run.stderr.contains("\"file:///etc/passwd\", which is not http or https, was refused"), "\(run.stderr)")
        try setup.expectUnchanged("a redirect to a file")
    }

    @Test func aRedirectLoopEndsAsBadData() throws {
        let setup = try Setup()
        let run = try setup.start(["sync", setup.server.url("/loop")]).wait()
        #expect(run.status == 65, "\(run.stderr)")
        #expect(run.stderr.contains("more than 5 redirects"), "\(run.stderr)")
        #expect(setup.server.requests().count == 6)
        try setup.expectUnchanged("a redirect loop")
    }

    /// DoseHTTP's refusals in the user's language (`dose` binds the build's catalogue, `TranslationTests`
    /// builds it), the address still quoted as data; the exit status is the same.
    @Test func aRefusedRedirectInGerman() throws {
        _ = try TranslationTests.buildTranslations()
        let setup = try Setup()
        let file = try setup.start(["sync", setup.server.url("/redirect/302/file")], environment: ["LANGUAGE": "de"]).wait()
        #expect(file.status == 65, "\(file.stderr)")
        #expect(file.stderr.contains("eine Weiterleitung nach \"file:///etc/passwd\", das weder http noch https ist, wurde abgelehnt"),
                "\(file.stderr)")
        let loop = try setup.start(["sync", setup.server.url("/loop")], environment: ["LANGUAGE": "de"]).wait()
        #expect(loop.status == 65, "\(loop.stderr)")
        #expect(loop.stderr.contains("mehr als 5 Weiterleitungen (die letzte nach \""), "\(loop.stderr)")
        try setup.expectUnchanged("a refused redirect in German")
    }

    @Test func aPasswordInTheSourceIsNeverPrinted() throws {
        let setup = try Setup()
        #expect(try setup.sandbox.dose("config", "set", "source", "http://reader:secret@127.0.0.1:9/pack.json").status == 0)
        let run = try setup.sandbox.dose("sync")
        #expect(run.status == 69, "\(run.stderr)")
        #expect(run.stderr.contains("cannot fetch http://reader:***@127.0.0.1:9/pack.json"), "\(run.stderr)")
        #expect(!run.stderr.contains("secret") && !run.stdout.contains("secret"))
    }

    @Test func theSyncTimeoutIsChecked() throws {
        let sandbox = try Sandbox()
        #expect(try sandbox.dose("config", "get", "sync-timeout").stdout == "60\n")
        for bad in ["0", "3601", "ten", "1.5"] {
            let run = try sandbox.dose("config", "set", "sync-timeout", bad)
            #expect(run.status == 78 && run.stderr.contains("not a number of seconds from 1 to 3600"), "\(bad): \(run.stderr)")
        }
        #expect(try sandbox.dose("config", "set", "sync-timeout", " 90 ").stdout == "sync-timeout = 90\n")
        #expect(try sandbox.dose("config").stdout.contains("sync-timeout = 90\n"))
    }

    // MARK: dose learn run

    /// A provider at `path` of the hostile server, with a key, and one ticked topic.
    func providerSetup(_ path: String) throws -> Setup {
        let setup = try Setup()
        #expect(try setup.sandbox.dose("config", "set", "provider.url", setup.server.url(path)).status == 0)
        #expect(try setup.sandbox.dose("config", "set", "provider.model", "m").status == 0)
        #expect(try setup.sandbox.dose("learn", "tick", "Physics", "Ohm").status == 0)
        return setup
    }

    static let key = ["DOSE_PROVIDER_KEY": "sk-test-secret"]

    @Test func aSilentProviderIsWaitedForWithoutSpinning() throws {
        let setup = try providerSetup("/slow-headers")
        let process = try setup.start(["learn", "run"], environment: Self.key.merging(["DOSE_PROVIDER_TIMEOUT": "10"]) { $1 })
        let waiting = Self.cpuWhileWaiting(process, on: setup.server)
        let run = process.wait()
        print("dose learn run, silent provider: \(waiting.map(String.init) ?? "?") ms CPU in 3 s of waiting; \(run.cpuMilliseconds) ms in all; peak RSS \(run.maxRSSKiB) KiB")
        let cpu = try #require(waiting, "the run ended before 3 s of waiting")
        #expect(cpu <= 30, "dose learn run used \(cpu) ms of CPU in 3 s of waiting")
        #expect(run.status == 75, "\(run.stdout)\(run.stderr)")
        // With 10 s the low-speed rule (1 byte/s for 5 s) ends it before the deadline.
        #expect(run.stdout.contains("deck failed: cannot reach the provider: "), "\(run.stdout)")
        #expect(run.stdout.contains("the transfer stalled (less than 1 byte/s for 5 s)"), "\(run.stdout)")
        #expect(try setup.sandbox.dose("learn", "list", "--json").stdout.contains("\"hasDeck\":false"))
        try setup.expectSnapshotUnchanged()
    }

    @Test(arguments: ["/endless", "/gzip-bomb"])
    func anOversizedProviderAnswerEndsAtItsCap(path: String) throws {
        let setup = try providerSetup(path)
        let run = try setup.start(["learn", "run"], environment: Self.key).wait()
        print("dose learn run \(path): peak RSS \(run.maxRSSKiB) KiB, \(run.cpuMilliseconds) ms CPU")
        #expect(run.status == 75, "\(run.stdout)\(run.stderr)")
        #expect(run.stdout.contains("the answer is larger than 2 MiB"), "\(run.stdout)")
        // The same run against a provider that refuses at once is the floor the answer adds to.
        let refused = try providerSetup("/ok")
        #expect(try refused.sandbox.dose("config", "set", "provider.url", "http://127.0.0.1:9/v1").status == 0)
        try refused.expectPeakRSS(run, of: ["learn", "run"], environment: Self.key, cap: 2, target: 20)
        try setup.expectSnapshotUnchanged()
    }

    @Test(arguments: [301, 302, 303, 307, 308])
    func theKeyNeverFollowsARedirectToAnotherOrigin(code: Int) throws {
        let setup = try providerSetup("/redirect/\(code)/other")
        let run = try setup.start(["learn", "run"], environment: Self.key).wait()
        #expect(run.status == 75, "\(run.stdout)\(run.stderr)")
        let expected = "the provider redirected to another origin (http://127.0.0.2:\(setup.server.port)/chat/completions), where the key may not go; set provider.url to the final address"
        #expect(run.stdout.contains("Paused: \(expected)"), "\(run.stdout)")
        let requests = setup.server.requests()
        #expect(requests.map(\.server) == ["127.0.0.1"], "nothing reached the other origin")
        #expect(requests.first?.auth == true, "the key went to provider.url's origin")
        #expect(!(run.stdout + run.stderr).contains("sk-test-secret"))
        try setup.expectSnapshotUnchanged()
    }

    @Test func aSameOriginRedirectKeepsTheKey() throws {
        let setup = try providerSetup("/redirect/308/same/record")
        _ = try setup.start(["learn", "run"], environment: Self.key).wait()
        #expect(setup.server.requests().map(\.auth) == [true, true])
        #expect(setup.server.requests().last?.path == "/record/chat/completions")
    }
}

extension HostileSyncTests.Setup {
    /// What is in the cache directory, where a sync's download waits (nameless, so always nothing).
    func downloadsLeft() -> [String] {
        let cache = sandbox.root.appendingPathComponent("cache/daily-dose").path
        return ((try? FileManager.default.contentsOfDirectory(atPath: cache)) ?? []).sorted()
    }

    func expectSnapshotUnchanged(sourceLocation: SourceLocation = #_sourceLocation) throws {
        #expect(try Self.snapshotText(sandbox) == snapshot, "the snapshot changed", sourceLocation: sourceLocation)
    }
}

extension HostileSyncTests.Setup {
    /// The peak RSS of `run` against the targets: what the transfer adds to the same command's floor
    /// (`arguments`, failing at once) stays within its `cap` MiB plus 6 MiB, always; and the whole
    /// stays within `target` MiB for the shipped kind of `dose`: a release build without Foundation.
    /// A debug build, or one still linking Foundation, may start too high for the absolute target
    /// (Foundation's pages alone are ~9 MiB): there it is a known issue, with the figures, that may
    /// or may not show (`dose sync`, whose pack waits on disk, stays under it even in a debug build).
    func expectPeakRSS(
        _ run: MeasuredProcess.Outcome, of arguments: [String], environment: [String: String] = [:], cap: Int, target: Int,
        sourceLocation: SourceLocation = #_sourceLocation
    ) throws {
        let floor = try start(arguments, environment: environment).wait().maxRSSKiB
        let version = try start(["--version"]).wait().maxRSSKiB
        print("peak RSS \(run.maxRSSKiB) KiB over a floor of \(floor) KiB (cap \(cap) MiB); dose --version \(version) KiB")
        #expect(run.maxRSSKiB - floor <= (cap + 6) * 1024, "the transfer added \(run.maxRSSKiB - floor) KiB", sourceLocation: sourceLocation)
        let binary = Sandbox.binaryDirectory.appendingPathComponent("dose")
        let linksFoundation = try Data(contentsOf: binary).range(of: Data("FoundationEssentials".utf8)) != nil
        let shipped = !binary.path.contains("/debug/") && !linksFoundation
        withKnownIssue(
            "a debug build or one linking Foundation: `dose --version` alone peaks at \(version) KiB", isIntermittent: true,
            sourceLocation: sourceLocation
        ) {
            #expect(run.maxRSSKiB <= target * 1024, "peak RSS \(run.maxRSSKiB) KiB", sourceLocation: sourceLocation)
        } when: {
            !shipped
        }
    }
}
