import DoseDesktop
import DoseSystem
import DoseTestSupport
import Foundation
import Testing

/// A throw-away XDG home for the services, called in process, and the `dose` binary beside the tests.
final class DesktopHome: @unchecked Sendable {
    let root: URL
    let paths: DosePaths
    let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    /// Answers delivered on this test's own thread of choice: the worker's (recorded in order).
    let queue: ServiceQueue

    init() throws {
        root = FileManager.default.temporaryDirectory.appendingPathComponent("dose-desktop-\(UUID().uuidString)")
        try FileManager.default.createDirectory(
            at: root.appendingPathComponent("runtime"), withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        paths = DosePaths(
            dataHome: root.appendingPathComponent("data").path, configHome: root.appendingPathComponent("config").path,
            stateHome: root.appendingPathComponent("state").path, cacheHome: root.appendingPathComponent("cache").path,
            runtimeDirectory: root.appendingPathComponent("runtime").path)
        queue = ServiceQueue(label: "test.services") { $0() }
    }

    deinit { try? FileManager.default.removeItem(at: root) }

    /// Waits for a service's answer (the `done` callback), up to `timeout` seconds.
    func wait<Value: Sendable>(timeout: Double = 30, _ start: (@escaping @Sendable (Value) -> Void) -> Void) throws -> Value {
        let box = Answer<Value>()
        start { value in box.set(value) }
        return try #require(box.wait(timeout: timeout), "no answer within \(timeout) s")
    }

    func write(_ name: String, _ text: String) throws -> String {
        let path = root.appendingPathComponent(name).path
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    var environment: [String: String] {
        [
            "HOME": root.path, "XDG_DATA_HOME": paths.dataHome, "XDG_CONFIG_HOME": paths.configHome,
            "XDG_STATE_HOME": paths.stateHome, "XDG_CACHE_HOME": paths.cacheHome, "XDG_RUNTIME_DIR": paths.runtimeDirectory!,
            "PATH": "/usr/bin:/bin", "TZ": "UTC", "LANG": "C.UTF-8",
        ]
    }

    static var binaryDirectory: URL {
        var directory = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath().deletingLastPathComponent()
        while !FileManager.default.fileExists(atPath: directory.appendingPathComponent("dose").path), directory.path != "/" {
            directory = directory.deletingLastPathComponent()
        }
        return directory
    }

    /// `tests/support/pack_server.py` on 127.0.0.1 serving `pack` with an ETag: the server (ended by `terminate()`,
    /// or when it goes out of scope) and the pack's URL.
    func startPackServer(_ pack: String) throws -> (ChildProcess, String) {
        let packPath = try write("served.json", pack)
        let portFile = root.appendingPathComponent("port").path
        let (server, port) = try ChildProcess.startServer(
            "/usr/bin/python3",
            [packageRoot.appendingPathComponent("tests/support/pack_server.py").path, packPath, root.appendingPathComponent("server.log").path, portFile],
            environment: ChildProcess.basicEnvironment, portFile: portFile)
        return (server, "http://127.0.0.1:\(port)/pack.json")
    }

    /// Runs `dose ARGS` in this home, at most `timeout` seconds (then it is killed and the test has an issue naming it).
    func dose(
        _ arguments: String..., timeout: Double = 60, sourceLocation: SourceLocation = #_sourceLocation
    ) throws -> (status: Int32, stdout: String, stderr: String) {
        let result = try ChildProcess.run(
            Self.binaryDirectory.appendingPathComponent("dose").path, arguments, environment: environment, timeout: .seconds(timeout))
        if result.timedOut { Issue.record("\(result)", sourceLocation: sourceLocation) }
        return (result.exitCode ?? result.signal ?? -1, result.stdout, result.stderr)
    }
}

/// One value handed over between threads.
final class Answer<Value: Sendable>: @unchecked Sendable {
    private let condition = NSCondition()
    private var value: Value?

    func set(_ value: Value) {
        condition.lock()
        self.value = value
        condition.broadcast()
        condition.unlock()
    }

    func wait(timeout: Double) -> Value? {
        let deadline = Date().addingTimeInterval(timeout)
        condition.lock()
        defer { condition.unlock() }
        while value == nil, condition.wait(until: deadline) {}
        return value
    }
}

/// Things a service reported, in order, from any thread.
final class Recorder<Value: Sendable>: @unchecked Sendable {
    private let lock = NSLock()
    private var values: [Value] = []

    func append(_ value: Value) { lock.withLock { values.append(value) } }
    var all: [Value] { lock.withLock { values } }
}

/// Packs the tests use.
enum DesktopFixtures {
    /// Three branches (CS twice), four common items.
    static let pack = """
        {"format": "daily-dose-pack/1", "items": [
        {"id": "f-ohm", "kind": "fact", "text": "Ohm: $V = IR$"},
        {"id": "f-kcl", "kind": "fact", "tags": ["EE"], "text": "KCL"},
        {"id": "f-big-o", "kind": "fact", "tags": ["CS"], "text": "Big O"},
        {"id": "m-ohm", "kind": "formula", "text": "V = IR"},
        {"id": "m-bernoulli", "kind": "formula", "tags": ["ME"], "text": "p + \\\\tfrac{1}{2}\\\\rho v^2 = C"},
        {"id": "q-weber", "kind": "question", "text": "What is one weber?", "answer": "One volt-second"},
        {"id": "q-stack", "kind": "question", "tags": ["CS"], "text": "LIFO or FIFO?", "answer": "LIFO"},
        {"id": "q-z", "kind": "question", "text": "Zed?", "answer": "Z"}
        ]}
        """
}
