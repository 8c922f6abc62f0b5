import DoseTestSupport
import Foundation
import Testing

/// `dose learn study` in a real terminal (tmux): Enter reveals, 1–4 grade, u undoes, q quits; text wrapped.
@Suite(.enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/tmux")), .timeLimit(.minutes(5)), .watched)
struct StudyTmuxTests {
    private final class Tmux {
        let socket: String
        init(_ root: URL) { socket = root.appendingPathComponent("tmux.sock").path }

        /// Runs tmux to its end (at most 30 s), its output through a file: the client that starts the server is
        /// reaped by its own pid at once (Foundation's Process once left it a zombie and waited for ever).
        @discardableResult
        func run(_ arguments: [String]) throws -> String {
            let result = try ChildProcess.run(
                "/usr/bin/tmux", ["-S", socket, "-f", "/dev/null"] + arguments, environment: ChildProcess.inheritedEnvironment,
                stderr: .discard, timeout: .seconds(30))
            if result.timedOut { Issue.record("\(result)") }
            return result.stdout
        }

        func screen() throws -> String { try run(["capture-pane", "-p", "-J", "-t", "s"]) }

        /// Waits up to 30 s (a deadline, however slow each look is on a busy machine) for `text` on the screen;
        /// the screen either way.
        @discardableResult
        func wait(for text: String) throws -> String {
            let deadline = ContinuousClock.now + .seconds(30)
            var last = try screen()
            while !last.contains(text), ContinuousClock.now < deadline {
                usleep(50_000)
                last = try screen()
            }
            return last
        }

        func keys(_ keys: String...) throws { try run(["send-keys", "-t", "s"] + keys) }
    }

    @Test func enterRevealsGradesUndoAndQuit() throws {
        let box = try LearnSandbox()
        // A Good on a new card comes back in minutes: read as "next at" only while that stays today, so the
        // terminal runs where it is early afternoon (CI ran at 23:58 UTC once and read "next tomorrow at").
        box.timeZone = LearnSandbox.zoneNearHour(13)
        try box.startProvider(#"{"default": "maths-ok"}"#)
        try box.configureProvider()
        try box.dose("learn", "tick", "Calculus", "Chain rule")
        #expect(try box.dose("learn", "run").status == 0)
        let tmux = Tmux(box.root)
        defer { _ = try? tmux.run(["kill-server"]) }
        let environment = box.environment.map { "\($0.key)='\($0.value)'" }.sorted().joined(separator: " ")
        let command = "env \(environment) \(box.dosePath) learn study Calculus 'Chain rule'; echo EXIT=$?; sleep 10"
        try tmux.run(["new-session", "-d", "-s", "s", "-x", "30", "-y", "60", command])

        var screen = try tmux.wait(for: "(Enter to reveal)")
        #expect(screen.contains("[1 of 10]") && !screen.contains("Answer 1"), "\(screen)")
        // Wrapped to the 30-column terminal by dose itself: the card's last words on a line of their own.
        #expect(screen.split(separator: "\n").contains("question 1?"), "\(screen)")
        try tmux.keys("Enter")
        screen = try tmux.wait(for: "Answer 1 about")
        #expect(screen.contains("dy/dx = x²") && !screen.contains("\\frac"), "\(screen)")
        try tmux.keys("3", "Enter")
        screen = try tmux.wait(for: "[2 of 11]")
        #expect(screen.contains("Good: next at"), "\(screen)")
        try tmux.keys("Enter")
        try tmux.wait(for: "Answer 2 about")
        try tmux.keys("u", "Enter")
        screen = try tmux.wait(for: "Took back the Good of card 1.")
        #expect(screen.contains("Took back the Good of card 1."), "\(screen)")
        try tmux.keys("Enter")
        try tmux.keys("4", "Enter")
        screen = try tmux.wait(for: "Easy: next on")
        try tmux.keys("Enter")
        try tmux.keys("q", "Enter")
        screen = try tmux.wait(for: "EXIT=")
        #expect(screen.contains("Graded 1 card, saved.") && screen.contains("EXIT=0"), "\(screen)")
        let due = try box.dose("learn", "due")
        #expect(due.stdout.contains("0 due, 9 new, 10 cards"), "\(due.stdout)")
    }
}
