import Foundation

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

    /// Runs a binary to completion and captures its output; after `timeout` seconds it is killed
    /// (SIGKILL: status 9, `timedOut`), so a command that blocks fails its test instead of hanging it.
    @discardableResult
    func run(
        _ binary: String, _ arguments: [String], extraEnvironment: [String: String] = [:], timeout: Double? = nil
    ) throws -> Run {
        let process = Process()
        process.executableURL = Self.binaryDirectory.appendingPathComponent(binary)
        process.arguments = arguments
        process.environment = environment.merging(extraEnvironment) { $1 }
        // Files, not pipes: a pipe's write end inherited by a long-lived process started by a
        // test running in parallel would keep the read from ever seeing end-of-file.
        let outURL = root.appendingPathComponent("stdout-\(UUID().uuidString)")
        let errURL = root.appendingPathComponent("stderr-\(UUID().uuidString)")
        FileManager.default.createFile(atPath: outURL.path, contents: nil)
        FileManager.default.createFile(atPath: errURL.path, contents: nil)
        let out = try FileHandle(forWritingTo: outURL)
        let err = try FileHandle(forWritingTo: errURL)
        defer {
            try? out.close()
            try? err.close()
            try? FileManager.default.removeItem(at: outURL)
            try? FileManager.default.removeItem(at: errURL)
        }
        process.standardOutput = out
        process.standardError = err
        process.standardInput = FileHandle.nullDevice
        try process.run()
        let killer = timeout.map { seconds in
            DispatchWorkItem { [process] in if process.isRunning { kill(process.processIdentifier, SIGKILL) } }
        }
        if let killer, let timeout { DispatchQueue.global().asyncAfter(deadline: .now() + timeout, execute: killer) }
        process.waitUntilExit()
        killer?.cancel()
        let outData = try Data(contentsOf: outURL)
        let errData = try Data(contentsOf: errURL)
        return Run(
            status: process.terminationStatus,
            timedOut: process.terminationReason == .uncaughtSignal && process.terminationStatus == SIGKILL,
            stdout: String(decoding: outData, as: UTF8.self),
            stderr: String(decoding: errData, as: UTF8.self))
    }

    /// Runs any executable (by path) with the sandbox's environment; with `keepStdinOpen`, its
    /// standard input is a pipe the test holds open, so a read would block until the deadline.
    func runExecutable(
        _ path: String, _ arguments: [String], keepStdinOpen: Bool = false, timeout: Double = 30
    ) throws -> Run {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: path)
        process.arguments = arguments
        process.environment = environment
        let outURL = root.appendingPathComponent("stdout-\(UUID().uuidString)")
        FileManager.default.createFile(atPath: outURL.path, contents: nil)
        let errURL = root.appendingPathComponent("stderr-\(UUID().uuidString)")
        FileManager.default.createFile(atPath: errURL.path, contents: nil)
        let out = try FileHandle(forWritingTo: outURL)
        let err = try FileHandle(forWritingTo: errURL)
        let input = Pipe()
        defer {
            try? out.close()
            try? err.close()
            try? input.fileHandleForWriting.close()
            try? FileManager.default.removeItem(at: outURL)
            try? FileManager.default.removeItem(at: errURL)
        }
        process.standardOutput = out
        process.standardError = err
        process.standardInput = keepStdinOpen ? input : FileHandle.nullDevice
        try process.run()
        let killer = DispatchWorkItem { [process] in if process.isRunning { kill(process.processIdentifier, SIGKILL) } }
        DispatchQueue.global().asyncAfter(deadline: .now() + timeout, execute: killer)
        process.waitUntilExit()
        killer.cancel()
        return Run(
            status: process.terminationStatus,
            timedOut: process.terminationReason == .uncaughtSignal && process.terminationStatus == SIGKILL,
            stdout: String(decoding: try Data(contentsOf: outURL), as: UTF8.self),
            stderr: String(decoding: try Data(contentsOf: errURL), as: UTF8.self))
    }

    func dose(_ arguments: String...) throws -> Run { try run("dose", arguments) }
    func notify(_ arguments: String...) throws -> Run { try run("dose-notify", arguments) }

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
