import DoseTestSupport
import Foundation
import Testing

/// A throw-away XDG home, the real `dose` binary, and the scripted fake provider on loopback.
///
/// Same approach as DoseAppTests' Sandbox: the binary is found next to the test runner.
final class LearnSandbox {
    let root: URL
    let packageRoot: URL
    private var server: ChildProcess?
    private(set) var providerURL = ""
    /// The zone `dose` runs in: UTC unless a test needs the local hour away from midnight.
    var timeZone = "UTC"

    /// A fixed-offset zone whose local hour is `hour` now (`Etc/GMT-2` is two hours east of UTC).
    static func zoneNearHour(_ hour: Int) -> String {
        var now = time(nil)
        var utc = tm()
        gmtime_r(&now, &utc)
        var offset = hour - Int(utc.tm_hour)
        if offset < -12 { offset += 24 }
        if offset > 14 { offset -= 24 }
        return offset >= 0 ? "Etc/GMT-\(offset)" : "Etc/GMT+\(-offset)"
    }

    struct Run {
        /// The exit code, or the number of the signal that ended it.
        var status: Int32
        var stdout: String
        var stderr: String
        /// Still running at the deadline of `run` (then killed; the test has an issue saying so).
        var timedOut = false
    }

    init() throws {
        root = FileManager.default.temporaryDirectory.appendingPathComponent("dose-learn-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
        // A session's runtime directory as the XDG spec has it (the user's, 0700), so `dose` uses it.
        try FileManager.default.createDirectory(
            at: root.appendingPathComponent("runtime"), withIntermediateDirectories: true,
            attributes: [.posixPermissions: 0o700])
        packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
    }

    deinit {
        server?.terminate()
        try? FileManager.default.removeItem(at: root)
    }

    static var binaryDirectory: URL {
        if let override = ProcessInfo.processInfo.environment["DOSE_BIN_DIR"] { return URL(fileURLWithPath: override) }
        var directory = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath().deletingLastPathComponent()
        while !FileManager.default.fileExists(atPath: directory.appendingPathComponent("dose").path), directory.path != "/" {
            directory = directory.deletingLastPathComponent()
        }
        return directory
    }

    var dosePath: String { Self.binaryDirectory.appendingPathComponent("dose").path }

    var environment: [String: String] {
        // Under `swift test --sanitize=...` the binaries are instrumented too: they get the same options.
        let sanitizer = ["ASAN_OPTIONS", "LSAN_OPTIONS", "TSAN_OPTIONS"].compactMap { key in
            ProcessInfo.processInfo.environment[key].map { (key, $0) }
        }
        return Dictionary(uniqueKeysWithValues: sanitizer).merging([
            "HOME": root.path,
            "XDG_DATA_HOME": root.appendingPathComponent("data").path,
            "XDG_CONFIG_HOME": root.appendingPathComponent("config").path,
            "XDG_STATE_HOME": root.appendingPathComponent("state").path,
            "XDG_CACHE_HOME": root.appendingPathComponent("cache").path,
            "XDG_RUNTIME_DIR": root.appendingPathComponent("runtime").path,
            "PATH": "/usr/bin:/bin", "TZ": timeZone, "LANG": "C.UTF-8",
            // A hang past this is a timeout; the tests' server answers in milliseconds otherwise.
            "DOSE_PROVIDER_TIMEOUT": "2",
        ]) { $1 }
    }

    var databasePath: String { root.appendingPathComponent("data/daily-dose/dose.sqlite3").path }
    var scriptPath: String { root.appendingPathComponent("script.json").path }
    var logPath: String { root.appendingPathComponent("requests.log").path }

    // MARK: The fake provider

    /// Starts the fake provider with `script`; returns its base URL (`http://127.0.0.1:PORT/v1`).
    @discardableResult
    func startProvider(_ script: String = #"{"default": "ok"}"#) throws -> String {
        try setScript(script)
        let portFile = root.appendingPathComponent("port").path
        let (process, port) = try ChildProcess.startServer(
            "/usr/bin/python3",
            [packageRoot.appendingPathComponent("tests/support/fake_provider.py").path, "--port-file", portFile, "--log", logPath, "--script", scriptPath],
            environment: ChildProcess.basicEnvironment, portFile: portFile)
        server = process
        providerURL = "http://127.0.0.1:\(port)/v1"
        return providerURL
    }

    func setScript(_ script: String) throws {
        try script.write(toFile: scriptPath, atomically: true, encoding: .utf8)
    }

    /// The provider's request log: one dictionary per request (kind, subject, topic, response, auth).
    func requests() throws -> [[String: Any]] {
        guard let text = try? String(contentsOfFile: logPath, encoding: .utf8) else { return [] }
        return try text.split(separator: "\n").map {
            try JSONSerialization.jsonObject(with: Data($0.utf8)) as! [String: Any]
        }
    }

    /// How many times the provider was asked for `kind` of `topic`.
    func calls(_ topic: String, _ kind: String) throws -> Int {
        try requests().filter { $0["topic"] as? String == topic && $0["kind"] as? String == kind }.count
    }

    func configureProvider() throws {
        #expect(try dose("config", "set", "provider.url", providerURL).status == 0)
        #expect(try dose("config", "set", "provider.model", "test-model").status == 0)
    }

    // MARK: Running dose

    /// Runs `dose ARGS` to completion, at most `timeout` seconds: then it is killed, the test gets an issue naming
    /// the command, and the run says `timedOut`. Output goes through files, not pipes (ChildProcess).
    @discardableResult
    func run(
        _ arguments: [String], stdin: String? = nil, extraEnvironment: [String: String] = [:], timeout: Double = 60,
        sourceLocation: SourceLocation = #_sourceLocation
    ) throws -> Run {
        let result = try ChildProcess.run(
            dosePath, arguments, environment: environment.merging(extraEnvironment) { $1 }, stdin: .text(stdin ?? ""),
            timeout: .seconds(timeout))
        if result.timedOut { Issue.record("\(result)", sourceLocation: sourceLocation) }
        return Run(status: result.exitCode ?? result.signal ?? -1, stdout: result.stdout, stderr: result.stderr, timedOut: result.timedOut)
    }

    @discardableResult
    func dose(_ arguments: String..., sourceLocation: SourceLocation = #_sourceLocation) throws -> Run {
        try run(arguments, sourceLocation: sourceLocation)
    }

    /// Starts `dose ARGS` without waiting (the daemon, or a run to be killed); its output and errors to `log`.
    /// The test ends it with `terminate()` (a `defer` right after this call), or waits for it with a deadline.
    func start(_ arguments: [String], log: String? = nil, extraEnvironment: [String: String] = [:]) throws -> ChildProcess {
        try ChildProcess(
            dosePath, arguments, environment: environment.merging(extraEnvironment) { $1 },
            stdout: log.map { .file($0) } ?? .discard, stderr: log == nil ? .discard : .standardOutput)
    }

    /// `dose learn list --json` (JSON Lines: one object per line, every line ended), keyed by topic.
    func list() throws -> [String: [String: Any]] {
        let run = try dose("learn", "list", "--json")
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout.isEmpty || run.stdout.hasSuffix("\n"), "\(run.stdout)")
        let array = try run.stdout.split(separator: "\n").map {
            try JSONSerialization.jsonObject(with: Data($0.utf8)) as! [String: Any]
        }
        return Dictionary(uniqueKeysWithValues: array.map { ($0["topic"] as! String, $0) })
    }

    /// Waits (at most `timeout` seconds, while it runs) until `daemon` says in `log` that it runs: its instance lock
    /// held and its watches set, so what the test does next reaches a running daemon, however busy the machine.
    func waitUntilRunning(_ daemon: ChildProcess, log: String, timeout: Double = 30) -> Bool {
        daemon.waitUntil(timeout: .seconds(timeout)) {
            ((try? String(contentsOfFile: log, encoding: .utf8)) ?? "").contains("dose daemon: running")
        }
    }

    /// Polls `condition` every 50 ms until it holds or `timeout` seconds pass; returns the seconds waited, or nil.
    func wait(timeout: Double, _ condition: () throws -> Bool) rethrows -> Double? {
        let start = Date()
        while Date().timeIntervalSince(start) < timeout {
            if try condition() { return Date().timeIntervalSince(start) }
            usleep(50_000)
        }
        return nil
    }
}
