import DoseTestSupport
import Foundation
import Testing

/// `dose daemon` as a process: wake-ups by config change and by tick.
@Suite(.timeLimit(.minutes(5)), .watched) struct DaemonTests {
    @Test func aProviderConfiguredAfterTheTicksStartsTheQueueWithinFiveSeconds() throws {
        let box = try LearnSandbox()
        try box.startProvider()
        let topics = (1...20).map { "Topic \($0)" }
        for topic in topics { try box.dose("learn", "tick", "Maths", topic) }
        let log = box.root.appendingPathComponent("daemon.log").path
        let daemon = try box.start(["daemon"], log: log)
        defer { daemon.terminate() }
        #expect(box.waitUntilRunning(daemon, log: log), "\((try? String(contentsOfFile: log, encoding: .utf8)) ?? "")")
        // Idle without a provider: nothing is asked, nothing counted.
        usleep(1_000_000)
        #expect(try box.requests().isEmpty)
        #expect(try box.list()["Topic 1"]?["state"] as? String == "waiting-for-provider")

        #expect(try box.dose("config", "set", "provider.model", "test-model").status == 0)
        let configured = Date()
        #expect(try box.dose("config", "set", "provider.url", box.providerURL).status == 0)
        let firstRequest = try box.wait(timeout: 10) { try !box.requests().isEmpty }
        let delay = try #require(firstRequest, "no request within 10 s of the config change")
        print("first request \(String(format: "%.2f", Date().timeIntervalSince(configured))) s after the config change")
        #expect(delay < 5)
        let allReady = try box.wait(timeout: 30) { try box.list().values.allSatisfy { $0["state"] as? String == "ready" } }
        #expect(allReady != nil)
        for topic in topics { #expect(try box.calls(topic, "deck") == 1 && box.calls(topic, "quiz") == 1) }
    }

    @Test func aTickWakesARunningDaemonAndBackoffWaitsAreKept() throws {
        let box = try LearnSandbox()
        try box.startProvider(#"{"rules": [{"topic": "Failing", "responses": ["500"]}]}"#)
        try box.configureProvider()
        let log = box.root.appendingPathComponent("daemon.log").path
        let daemon = try box.start(["daemon"], log: log)
        defer { daemon.terminate() }
        #expect(box.waitUntilRunning(daemon, log: log), "\((try? String(contentsOfFile: log, encoding: .utf8)) ?? "")")
        let ticked = Date()
        try box.dose("learn", "tick", "Physics", "Ohm")
        let ready = try box.wait(timeout: 10) { try box.list()["Ohm"]?["state"] as? String == "ready" }
        #expect(ready != nil)
        print("ticked topic ready \(String(format: "%.2f", Date().timeIntervalSince(ticked))) s after the tick")
        // A failure holds the queue for a minute: the daemon does not hammer the provider.
        try box.dose("learn", "tick", "Physics", "Failing")
        _ = try box.wait(timeout: 10) { try box.calls("Failing", "deck") == 1 }
        usleep(2_000_000)
        #expect(try box.calls("Failing", "deck") == 1)
        let entry = try box.list()["Failing"]
        #expect(entry?["attempts"] as? Int == 1)
        #expect(entry?["state"] as? String == "pending")
    }
}

/// The unit and the autostart entry may both start `dose daemon`: the second one leaves at once.
@Suite(.timeLimit(.minutes(5)), .watched) struct DaemonInstanceTests {
    @Test func aSecondDaemonForTheSameUserLeavesAndTheFirstKeepsWorking() throws {
        let box = try LearnSandbox()
        try box.startProvider()
        try box.configureProvider()
        let firstLog = box.root.appendingPathComponent("first.log").path
        let first = try box.start(["daemon"], log: firstLog)
        defer { first.terminate() }
        // The first holds the instance lock before the second starts, however slow its start is.
        #expect(box.waitUntilRunning(first, log: firstLog), "\((try? String(contentsOfFile: firstLog, encoding: .utf8)) ?? "")")
        let secondLog = box.root.appendingPathComponent("second.log").path
        let second = try box.start(["daemon"], log: secondLog)
        defer { second.terminate() }
        let left = box.wait(timeout: 5) { !second.isRunning }
        #expect(left != nil, "the second daemon kept running beside the first")
        if left != nil { #expect(second.wait().exitCode == 0) }
        let text = (try? String(contentsOfFile: secondLog, encoding: .utf8)) ?? ""
        #expect(text.contains("another dose daemon is already running"), "\(text)")
        #expect(first.isRunning)
        // The first still serves ticks.
        try box.dose("learn", "tick", "Physics", "Ohm")
        #expect(try box.wait(timeout: 10) { try box.list()["Ohm"]?["state"] as? String == "ready" } != nil)
        // Once the first is gone, a new one may start (the kernel dropped the lock with it).
        first.signal(SIGKILL)
        first.wait(timeout: .seconds(30))
        let thirdLog = box.root.appendingPathComponent("third.log").path
        let third = try box.start(["daemon"], log: thirdLog)
        defer { third.terminate() }
        #expect(box.waitUntilRunning(third, log: thirdLog), "a daemon starts after the holder of the lock died")
        #expect(third.isRunning)
    }
}

/// One queue job is one topic: a planning pass due while topics are being generated runs between two of them.
@Suite(.timeLimit(.minutes(5)), .watched) struct DaemonJobTests {
    @Test func thePlanningPassRunsBetweenTopicsNotAfterAllOfThem() throws {
        let box = try LearnSandbox()
        // 300 ms a request: six topics (deck and quiz each) take about 3.6 s in all.
        try box.startProvider(#"{"default": "ok", "delay_ms": 300}"#)
        try box.configureProvider()
        let pack = box.root.appendingPathComponent("pack.json")
        try Data(#"{"format": "daily-dose-pack/1", "items": [{"id": "f-ohm", "kind": "fact", "text": "Ohm: V = IR"}]}"#.utf8).write(to: pack)
        let source = try HostileServer(pack: pack.path)
        #expect(try box.dose("config", "set", "source", source.url("/pack")).status == 0)
        let topics = (1...6).map { "Topic \($0)" }
        for topic in topics { try box.dose("learn", "tick", "Maths", topic) }
        let log = box.root.appendingPathComponent("daemon.log").path
        // The daemon starts with both due: the topics' pass first, the planning pass (at start) behind it.
        let daemon = try box.start(["daemon"], log: log)
        defer { daemon.terminate() }
        var requestsBeforeSync: Int?
        _ = try box.wait(timeout: 20) {
            guard !source.requests().isEmpty else { return false }
            requestsBeforeSync = try box.requests().count
            return true
        }
        let before = try #require(requestsBeforeSync, "the planning pass never fetched: \((try? String(contentsOfFile: log, encoding: .utf8)) ?? "")")
        print("provider requests before the planning pass's fetch: \(before) of \(topics.count * 2)")
        // One topic (two requests), perhaps a second under way; never the whole queue first.
        #expect(before <= 4)
        let allReady = try box.wait(timeout: 30) { try box.list().values.allSatisfy { $0["state"] as? String == "ready" } }
        #expect(allReady != nil)
        for topic in topics { #expect(try box.calls(topic, "deck") == 1 && box.calls(topic, "quiz") == 1) }
        #expect(try box.dose("show", "f-ohm").status == 0, "the planning pass imported the pack")
    }
}

/// The daemon while an HTTP transfer hangs: the jobs queue stays free, and waiting costs nothing.
@Suite(.timeLimit(.minutes(5)), .watched) struct DaemonStallTests {
    /// Context switches so far (voluntary and not) of `pid`'s main thread, which runs the GLib loop,
    /// and of all its other threads together.
    static func contextSwitches(_ pid: Int32) -> (loop: Int, others: Int) {
        let tasks = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/\(pid)/task")) ?? []
        return tasks.reduce((0, 0)) { total, task in
            let status = (try? String(contentsOfFile: "/proc/\(pid)/task/\(task)/status", encoding: .utf8)) ?? ""
            let switches = status.split(separator: "\n").filter { $0.contains("ctxt_switches:") }
                .compactMap { Int($0.split(separator: ":").last?.trimmingCharacters(in: .whitespaces) ?? "") }.reduce(0, +)
            return task == String(pid) ? (total.0 + switches, total.1) : (total.0, total.1 + switches)
        }
    }

    /// User + system CPU of `pid`, in clock ticks.
    static func cpuTicks(_ pid: Int32) -> Int {
        let stat = (try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8)) ?? ""
        guard let close = stat.lastIndex(of: ")") else { return 0 }
        let fields = stat[stat.index(after: close)...].split(separator: " ")
        return fields.count > 13 ? (Int(fields[11]) ?? 0) + (Int(fields[12]) ?? 0) : 0
    }

    @Test func aStalledSyncDoesNotHoldUpATickedTopic() throws {
        let box = try LearnSandbox()
        try box.startProvider()
        try box.configureProvider()
        let source = try HostileServer()
        #expect(try box.dose("config", "set", "source", source.url("/slow-headers")).status == 0)
        let daemon = try box.start(["daemon"], log: box.root.appendingPathComponent("daemon.log").path)
        defer { daemon.terminate() }
        // The planning pass runs at start; its fetch now waits on a server that never answers.
        #expect(source.waitForRequests(timeout: 10), "the daemon never asked the source")
        usleep(500_000)
        try box.dose("learn", "tick", "Physics", "Ohm")
        let arrived = try box.wait(timeout: 10) { try !box.requests().isEmpty }
        let delay = try #require(arrived, "no provider request within 10 s of the tick")
        print("provider request \(String(format: "%.2f", delay)) s after the tick, with the sync stalled")
        #expect(delay < 2)
        let ready = try box.wait(timeout: 10) { try box.list()["Ohm"]?["state"] as? String == "ready" }
        #expect(ready != nil)
    }

    /// The daemon's sync fetches on the GLib loop into a nameless file, imports it on the jobs queue,
    /// and leaves nothing in the cache directory.
    @Test func theDaemonsSyncImportsThePackFromItsFile() throws {
        let box = try LearnSandbox()
        let pack = box.root.appendingPathComponent("pack.json")
        try Data(#"{"format": "daily-dose-pack/1", "items": [{"id": "f-ohm", "kind": "fact", "text": "Ohm: V = IR"}]}"#.utf8).write(to: pack)
        let source = try HostileServer(pack: pack.path)
        #expect(try box.dose("config", "set", "source", source.url("/pack")).status == 0)
        let log = box.root.appendingPathComponent("daemon.log").path
        let daemon = try box.start(["daemon"], log: log)
        defer { daemon.terminate() }
        let synced = try box.wait(timeout: 15) {
            ((try? String(contentsOfFile: log, encoding: .utf8)) ?? "").contains("planning pass done")
        }
        #expect(synced != nil, "\((try? String(contentsOfFile: log, encoding: .utf8)) ?? "")")
        let show = try box.dose("show", "f-ohm")
        #expect(show.status == 0 && show.stdout.contains("Ohm: V = IR"), "\(show.stdout)\(show.stderr)")
        let cache = box.root.appendingPathComponent("cache/daily-dose").path
        #expect(((try? FileManager.default.contentsOfDirectory(atPath: cache)) ?? ["(missing)"]) == [])
    }

    /// With `source.pubkey`, the daemon fetches the signature, then the pack, on its loop, one after the
    /// other, and checks the pack on the jobs queue before importing it; a changed pack is not imported.
    @Test(arguments: [false, true]) func theDaemonsSignedSyncChecksThePack(tampered: Bool) throws {
        let box = try LearnSandbox()
        let tool = try MinisignTool()
        defer { tool.remove() }
        let key = try tool.makeKey("class")
        let pack = box.root.appendingPathComponent("pack.json").path
        let text = #"{"format": "daily-dose-pack/1", "items": [{"id": "f-ohm", "kind": "fact", "text": "Ohm: V = IR"}]}"#
        try Data(text.utf8).write(to: URL(fileURLWithPath: pack))
        try tool.sign(pack, key: "class", comment: "EE-101 week 3")
        if tampered { try Data(text.replacingOccurrences(of: "IR", with: "IQ").utf8).write(to: URL(fileURLWithPath: pack)) }
        let source = try HostileServer(pack: pack)
        #expect(try box.dose("config", "set", "source", source.url("/pack/pack.json")).status == 0)
        #expect(try box.dose("config", "set", "source.pubkey", key).status == 0)
        let log = box.root.appendingPathComponent("daemon.log").path
        let daemon = try box.start(["daemon"], log: log)
        defer { daemon.terminate() }
        let ended = try box.wait(timeout: 15) {
            let text = (try? String(contentsOfFile: log, encoding: .utf8)) ?? ""
            return text.contains("planning pass done") || text.contains("planning pass:")
        }
        let output = (try? String(contentsOfFile: log, encoding: .utf8)) ?? ""
        #expect(ended != nil, "\(output)")
        #expect(source.requests().map(\.path) == ["/pack/pack.json.minisig", "/pack/pack.json"])
        let show = try box.dose("show", "f-ohm")
        if tampered {
            #expect(output.contains("bad signature: the signature does not match the pack"), "\(output)")
            #expect(show.status != 0, "a changed pack was imported")
        } else {
            #expect(output.contains("trusted comment: EE-101 week 3"), "\(output)")
            #expect(show.status == 0 && show.stdout.contains("Ohm: V = IR"), "\(show.stdout)\(show.stderr)")
        }
    }

    @Test func theDaemonSleepsWhileAProviderIsSilent() throws {
        let box = try LearnSandbox()
        try box.startProvider(#"{"rules": [{"kind": "deck", "responses": ["hang:30"]}]}"#)
        try box.configureProvider()
        // A request that may take 20 s (LearnSandbox's own default is 2 s).
        let log = box.root.appendingPathComponent("daemon.log").path
        let daemon = try box.start(["daemon"], log: log, extraEnvironment: ["DOSE_PROVIDER_TIMEOUT": "20"])
        defer { daemon.terminate() }
        #expect(box.waitUntilRunning(daemon, log: log))
        try box.dose("learn", "tick", "Physics", "Ohm")
        #expect(try box.wait(timeout: 10) { try !box.requests().isEmpty } != nil)
        usleep(300_000)
        let pid = daemon.pid
        let (switches, ticks) = (Self.contextSwitches(pid), Self.cpuTicks(pid))
        usleep(4_000_000)
        let now = Self.contextSwitches(pid)
        let (loop, others) = (Double(now.loop - switches.loop) / 4, Double(now.others - switches.others) / 4)
        let cpu = (Self.cpuTicks(pid) - ticks) * 1000 / sysconf(Int32(_SC_CLK_TCK))
        print("dose daemon waiting on a silent provider: \(loop) context switches/s on the loop's thread, \(others) on the others, \(cpu) ms CPU in 4 s")
        // The loop wakes only for libcurl's own timers (its low-speed check: about two a second).
        #expect(loop <= 3)
        // A sanitizer's runtime wakes its own threads; its CPU is the instrumentation's, too.
        let binary = try Data(contentsOf: URL(fileURLWithPath: box.dosePath))
        let sanitized = ["__tsan_init", "__asan_init"].contains { binary.range(of: Data($0.utf8)) != nil }
        if !sanitized {
            #expect(others <= 1, "the jobs queue and GLib's threads should sleep")
            #expect(cpu <= 30)
        }
    }
}
