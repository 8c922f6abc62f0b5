import DoseTestSupport
import Foundation
import Testing

/// `dose daemon` and `provider.key-file`: a key written wakes the queue at once, pause or not.
@Suite(.timeLimit(.minutes(5)), .watched) struct DaemonKeyFileTests {
    /// A daemon whose provider wants `sk-right`, `provider.key-file` set to `keyPath`, one topic ticked.
    func startDaemon(_ box: LearnSandbox, keyPath: String, topics: [String] = ["Ohm"]) throws -> ChildProcess {
        try box.startProvider(#"{"key": "sk-right"}"#)
        try box.configureProvider()
        #expect(try box.dose("config", "set", "provider.key-file", keyPath).status == 0)
        for topic in topics { try box.dose("learn", "tick", "Physics", topic) }
        return try box.start(["daemon"], log: box.root.appendingPathComponent("daemon.log").path)
    }

    /// Writes a 0600 key file the way `install -m 600` does: a new file renamed over the path.
    func writeByRename(_ key: String, to path: String) {
        let temporary = path + ".new"
        #expect(FileManager.default.createFile(atPath: temporary, contents: Data(key.utf8), attributes: [.posixPermissions: 0o600]))
        #expect(rename(temporary, path) == 0)
    }

    /// Rewrites an existing key file in place (truncate, write), as `echo KEY > FILE` does.
    func writeInPlace(_ key: String, to path: String) throws {
        let handle = try #require(FileHandle(forWritingAtPath: path))
        try handle.truncate(atOffset: 0)
        try handle.write(contentsOf: Data(key.utf8))
        try handle.close()
    }

    var daemonLog: (LearnSandbox) -> String {
        { ((try? String(contentsOfFile: $0.root.appendingPathComponent("daemon.log").path, encoding: .utf8)) ?? "") }
    }

    /// Waits until the daemon runs and has looked at the provider once: topic "Ohm" waiting for it (at most 30 s).
    func waitForTheFirstLook(_ box: LearnSandbox, _ daemon: ChildProcess) throws -> [String: Any]? {
        #expect(box.waitUntilRunning(daemon, log: box.root.appendingPathComponent("daemon.log").path), "\(daemonLog(box))")
        var entry: [String: Any]?
        _ = try box.wait(timeout: 30) {
            entry = try box.list()["Ohm"]
            return entry?["state"] as? String == "waiting-for-provider"
        }
        return entry
    }

    /// Seconds from `start` until the provider has seen more than `count` requests, or nil after 10 s.
    func secondsUntilRequest(_ box: LearnSandbox, after count: Int) throws -> Double? {
        try box.wait(timeout: 10) { try box.requests().count > count }
    }

    @Test func aKeyFileCreatedAfterTheDaemonStartedIsUsedWithinTwoSeconds() throws {
        let box = try LearnSandbox()
        let directory = box.root.appendingPathComponent("keys").path
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        let keyPath = directory + "/key"
        let daemon = try startDaemon(box, keyPath: keyPath)
        defer { daemon.terminate() }
        #expect(try waitForTheFirstLook(box, daemon)?["state"] as? String == "waiting-for-provider", "\(daemonLog(box))")
        #expect(try box.requests().isEmpty)
        writeByRename("sk-right\n", to: keyPath)
        let delay = try #require(try secondsUntilRequest(box, after: 0), "no request within 10 s of the key file: \(daemonLog(box))")
        print("key file created → first request \(String(format: "%.2f", delay)) s")
        #expect(delay <= 2)
        #expect(try box.wait(timeout: 10) { try box.list()["Ohm"]?["state"] as? String == "ready" } != nil)
        #expect(try box.requests().allSatisfy { $0["auth"] as? Bool == true && $0["response"] as? String == "ok" })
    }

    @Test func aKeyFileInADirectoryThatDoesNotExistYetIsUsedWithinTwoSeconds() throws {
        let box = try LearnSandbox()
        let directory = box.root.appendingPathComponent("later/openai").path
        let keyPath = directory + "/key"
        let daemon = try startDaemon(box, keyPath: keyPath)
        defer { daemon.terminate() }
        #expect(try waitForTheFirstLook(box, daemon)?["state"] as? String == "waiting-for-provider", "\(daemonLog(box))")
        #expect(try box.requests().isEmpty)
        // mkdir -p, then the key: each directory that appears moves the watch one step on.
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        usleep(200_000)
        writeByRename("sk-right\n", to: keyPath)
        let delay = try #require(try secondsUntilRequest(box, after: 0), "no request within 10 s of the key file: \(daemonLog(box))")
        print("key file created in a new directory → first request \(String(format: "%.2f", delay)) s")
        #expect(delay <= 2)
    }

    @Test func theRightKeyWrittenIntoTheSameFileLiftsA401PauseWithinTwoSeconds() throws {
        let box = try LearnSandbox()
        let keyPath = box.root.appendingPathComponent("key").path
        writeByRename("sk-wrong\n", to: keyPath)
        let daemon = try startDaemon(box, keyPath: keyPath)
        defer { daemon.terminate() }
        #expect(try box.wait(timeout: 10) { try box.list()["Ohm"]?["state"] as? String == "paused" } != nil, "\(daemonLog(box))")
        #expect(try box.requests().map { $0["response"] as? String } == ["401"])
        usleep(1_000_000)
        #expect(try box.requests().count == 1, "a pause sends nothing more")
        try writeInPlace("sk-right\n", to: keyPath)
        let delay = try #require(try secondsUntilRequest(box, after: 1), "no request within 10 s of the new key: \(daemonLog(box))")
        print("key rewritten in place after a 401 pause → next request \(String(format: "%.2f", delay)) s")
        #expect(delay <= 2)
        #expect(try box.wait(timeout: 10) { try box.list()["Ohm"]?["state"] as? String == "ready" } != nil)
        #expect(try box.requests().dropFirst().allSatisfy { $0["response"] as? String == "ok" })
    }

    @Test func aKeyFileMadePrivateByChmodIsUsedWithinTwoSeconds() throws {
        let box = try LearnSandbox()
        let keyPath = box.root.appendingPathComponent("key").path
        #expect(FileManager.default.createFile(atPath: keyPath, contents: Data("sk-right\n".utf8), attributes: [.posixPermissions: 0o644]))
        let daemon = try startDaemon(box, keyPath: keyPath)
        defer { daemon.terminate() }
        let waiting = try waitForTheFirstLook(box, daemon)
        #expect(waiting?["state"] as? String == "waiting-for-provider", "\(daemonLog(box))")
        #expect(((waiting?["queue"] as? [String: Any])?["reason"] as? String ?? "").contains("chmod 600"), "\(String(describing: waiting))")
        #expect(try box.requests().isEmpty)
        chmod(keyPath, 0o600)
        let delay = try #require(try secondsUntilRequest(box, after: 0), "no request within 10 s of chmod 600: \(daemonLog(box))")
        print("key file made private → first request \(String(format: "%.2f", delay)) s")
        #expect(delay <= 2)
    }
}
