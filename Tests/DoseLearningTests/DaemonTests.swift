import Foundation
import Testing

/// `dose daemon` as a process: wake-ups by config change and by tick.
@Suite struct DaemonTests {
    @Test func aProviderConfiguredAfterTheTicksStartsTheQueueWithinFiveSeconds() throws {
        let box = try LearnSandbox()
        try box.startProvider()
        let topics = (1...20).map { "Topic \($0)" }
        for topic in topics { try box.dose("learn", "tick", "Maths", topic) }
        let daemon = try box.start(["daemon"], log: box.root.appendingPathComponent("daemon.log").path)
        defer { kill(daemon.processIdentifier, SIGKILL); daemon.waitUntilExit() }
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
        let daemon = try box.start(["daemon"], log: box.root.appendingPathComponent("daemon.log").path)
        defer { kill(daemon.processIdentifier, SIGKILL); daemon.waitUntilExit() }
        usleep(500_000)
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
