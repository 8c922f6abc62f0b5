import Foundation
import Testing

/// `dose learn study` in a real terminal (tmux): Enter reveals, 1–4 grade, u undoes, q quits; text wrapped.
@Suite(.enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/tmux")))
struct StudyTmuxTests {
    private final class Tmux {
        let socket: String
        init(_ root: URL) { socket = root.appendingPathComponent("tmux.sock").path }

        /// Runs tmux through posix_spawn and waitpid, its output through a file: the client that starts
        /// the server must be reaped at once (Foundation's Process left it a zombie and waited for ever).
        @discardableResult
        func run(_ arguments: [String]) throws -> String {
            let outPath = socket + ".out-\(UUID().uuidString)"
            defer { try? FileManager.default.removeItem(atPath: outPath) }
            let argv = ["/usr/bin/tmux", "-S", socket, "-f", "/dev/null"] + arguments
            var actions = posix_spawn_file_actions_t()
            posix_spawn_file_actions_init(&actions)
            defer { posix_spawn_file_actions_destroy(&actions) }
            posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
            posix_spawn_file_actions_addopen(&actions, 1, outPath, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
            posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
            var cArguments = argv.map { strdup($0) } + [nil]
            defer { for pointer in cArguments { free(pointer) } }
            var pid: pid_t = 0
            let code = posix_spawn(&pid, argv[0], &actions, nil, &cArguments, environ)
            guard code == 0 else { throw POSIXError(POSIXErrorCode(rawValue: code) ?? .EIO) }
            var status: Int32 = 0
            while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
            return (try? String(contentsOfFile: outPath, encoding: .utf8)) ?? ""
        }

        func screen() throws -> String { try run(["capture-pane", "-p", "-J", "-t", "s"]) }

        /// Waits up to 10 s for `text` on the screen; the screen either way.
        @discardableResult
        func wait(for text: String) throws -> String {
            var last = ""
            for _ in 0..<200 {
                last = try screen()
                if last.contains(text) { return last }
                usleep(50_000)
            }
            return last
        }

        func keys(_ keys: String...) throws { try run(["send-keys", "-t", "s"] + keys) }
    }

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

    @Test func enterRevealsGradesUndoAndQuit() throws {
        let box = try LearnSandbox()
        // A Good on a new card comes back in minutes: read as "next at" only while that stays today, so the
        // terminal runs where it is early afternoon (CI ran at 23:58 UTC once and read "next tomorrow at").
        box.timeZone = Self.zoneNearHour(13)
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
