import DoseTestSupport
import Foundation
import Testing

/// A throw-away XDG home and a way to run the real `dose` and `dose-notify` binaries in it.
final class Sandbox {
    let root: URL
    let packageRoot: URL

    struct Run {
        var status: Int32
        var timedOut = false
        var stdout: String
        var stderr: String
    }

    init() throws {
        root = FileManager.default.temporaryDirectory.appendingPathComponent("dose-test-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
        // A session's runtime directory as the XDG spec has it (the user's, 0700), so `dose` uses it.
        try FileManager.default.createDirectory(
            at: root.appendingPathComponent("runtime"), withIntermediateDirectories: true,
            attributes: [.posixPermissions: 0o700])
        packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
    }

    deinit {
        try? FileManager.default.removeItem(at: root)
    }

    /// The directory holding the built executables (next to the test bundle).
    static var binaryDirectory: URL {
        if let override = ProcessInfo.processInfo.environment["DOSE_BIN_DIR"] {
            return URL(fileURLWithPath: override)
        }
        let exe = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
        var directory = exe.deletingLastPathComponent()
        // The test runner may live inside an .xctest bundle directory.
        while !FileManager.default.fileExists(atPath: directory.appendingPathComponent("dose").path),
            directory.path != "/"
        {
            directory = directory.deletingLastPathComponent()
        }
        return directory
    }

    var environment: [String: String] {
        var env: [String: String] = [
            "HOME": root.path,
            "XDG_DATA_HOME": root.appendingPathComponent("data").path,
            "XDG_CONFIG_HOME": root.appendingPathComponent("config").path,
            "XDG_STATE_HOME": root.appendingPathComponent("state").path,
            "XDG_CACHE_HOME": root.appendingPathComponent("cache").path,
            "PATH": "/usr/bin:/bin",
            "TZ": "UTC",
            "LANG": "C.UTF-8",
        ]
        env["XDG_RUNTIME_DIR"] = root.appendingPathComponent("runtime").path
        // Under `swift test --sanitize=...` the binaries are instrumented too: they get the same options.
        for key in ["ASAN_OPTIONS", "LSAN_OPTIONS", "TSAN_OPTIONS"] {
            env[key] = ProcessInfo.processInfo.environment[key]
        }
        return env
    }

    var databasePath: String { root.appendingPathComponent("data/daily-dose/dose.sqlite3").path }
    var snapshotPath: String { root.appendingPathComponent("state/daily-dose/snapshot.json").path }
    var configPath: String { root.appendingPathComponent("config/daily-dose/config.ini").path }
    var samplePack: String { packageRoot.appendingPathComponent("content/sample-pack.json").path }

    /// Runs a binary to completion and captures its output; after `timeout` seconds (60 unless given) it is
    /// killed (SIGTERM, then SIGKILL: `timedOut`, and the test has an issue naming the command), so a command
    /// that blocks fails its test instead of hanging it.
    @discardableResult
    func run(
        _ binary: String, _ arguments: [String], extraEnvironment: [String: String] = [:], timeout: Double? = nil,
        sourceLocation: SourceLocation = #_sourceLocation
    ) throws -> Run {
        try runExecutable(
            Self.binaryDirectory.appendingPathComponent(binary).path, arguments, extraEnvironment: extraEnvironment,
            timeout: timeout ?? 60, sourceLocation: sourceLocation)
    }

    /// Runs any executable (by path) with the sandbox's environment; with `keepStdinOpen`, its
    /// standard input is a pipe the test holds open, so a read would block until the deadline.
    func runExecutable(
        _ path: String, _ arguments: [String], extraEnvironment: [String: String] = [:], keepStdinOpen: Bool = false,
        timeout: Double = 30, sourceLocation: SourceLocation = #_sourceLocation
    ) throws -> Run {
        let child = try ChildProcess(
            path, arguments, environment: environment.merging(extraEnvironment) { $1 }, stdin: keepStdinOpen ? .pipe : .null)
        let result = child.wait(timeout: .seconds(timeout))
        if result.timedOut { Issue.record("\(result)", sourceLocation: sourceLocation) }
        // The status as Foundation's Process gave it: the exit code, or the signal's number.
        return Run(status: result.exitCode ?? result.signal ?? -1, timedOut: result.timedOut, stdout: result.stdout, stderr: result.stderr)
    }

    func dose(_ arguments: String..., sourceLocation: SourceLocation = #_sourceLocation) throws -> Run {
        try run("dose", arguments, sourceLocation: sourceLocation)
    }
    func notify(_ arguments: String..., sourceLocation: SourceLocation = #_sourceLocation) throws -> Run {
        try run("dose-notify", arguments, sourceLocation: sourceLocation)
    }

    /// Writes a file in the sandbox and returns its path.
    func write(_ name: String, _ text: String) throws -> String {
        let url = root.appendingPathComponent(name)
        try text.write(to: url, atomically: true, encoding: .utf8)
        return url.path
    }

    func read(_ path: String) throws -> Data {
        try Data(contentsOf: URL(fileURLWithPath: path))
    }

    /// Parses JSON lines into dictionaries.
    static func jsonLines(_ text: String) throws -> [[String: Any]] {
        try text.split(separator: "\n").map { line in
            guard let object = try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any] else {
                throw CocoaError(.coderReadCorrupt)
            }
            return object
        }
    }
}
