import DoseTestSupport
import Foundation
import Testing

/// SIGKILL at random moments: nothing ticked is lost, nothing is half-recorded, everything completes.
@Suite(.timeLimit(.minutes(5)), .watched) struct CrashTests {
    @Test func fiftyKillsLoseNothing() throws {
        let box = try LearnSandbox()
        // A little server latency, so kills land mid-request as well as between writes.
        try box.startProvider(#"{"default": "ok", "delay_ms": 40}"#)
        try box.configureProvider()
        let topics = (1...12).map { "T\($0)" }
        var generator = SystemRandomNumberGenerator()
        var killedMidRun = 0
        for round in 0..<50 {
            // Ticks keep arriving between crashes, like a student working through a subject.
            if round < topics.count { try box.dose("learn", "tick", "Crash", topics[round]) }
            let worker = try box.start(round % 2 == 0 ? ["learn", "run"] : ["daemon"])
            usleep(UInt32.random(in: 0..<250_000, using: &generator))
            if worker.isRunning { killedMidRun += 1 }
            worker.signal(SIGKILL)
            #expect(worker.wait(timeout: .seconds(30)).reaped, "worker of round \(round)")
            try Self.checkInvariants(box, ticked: Array(topics.prefix(min(round + 1, topics.count))), readArtifacts: round % 10 == 9)
        }
        print("killed \(killedMidRun) of 50 workers mid-run; \(try box.requests().count) provider calls so far")
        let final = try box.dose("learn", "run")
        #expect(final.status == 0, "\(final.stdout)")
        let list = try box.list()
        #expect(list.count == topics.count)
        #expect(list.values.allSatisfy { $0["state"] as? String == "ready" })
        try Self.checkInvariants(box, ticked: topics)
    }

    /// Every ticked topic is listed; each is complete (and not pending) or pending (and not complete);
    /// every stored artifact is valid.
    static func checkInvariants(_ box: LearnSandbox, ticked: [String], readArtifacts: Bool = true) throws {
        let list = try box.list()
        for topic in ticked {
            let entry = try #require(list[topic], "ticked topic \(topic) was lost")
            let complete = entry["hasDeck"] as? Bool == true && entry["hasQuiz"] as? Bool == true
            let state = entry["state"] as? String
            #expect(complete == (state == "ready"), "\(topic): \(entry)")
        }
        for topic in ticked where readArtifacts {
            for kind in ["deck", "quiz"] where list[topic]?["has" + kind.capitalized] as? Bool == true {
                #expect(try box.dose("learn", kind, "Crash", topic).status == 0, "stored \(kind) of \(topic) unreadable")
            }
        }
    }
}
