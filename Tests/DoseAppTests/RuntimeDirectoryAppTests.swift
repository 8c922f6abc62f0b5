import DoseTestSupport
import Foundation
import Testing

/// The page and the wake file never go into a runtime directory that is missing or not the user's
/// own 0700 directory: a warning, and the private fallback under `$TMPDIR`.
@Suite(.timeLimit(.minutes(5)), .watched) struct RuntimeDirectoryAppTests {
    @Test func aMissingOrOpenRuntimeDirectoryIsRefused() throws {
        let sandbox = try Sandbox()
        #expect(try sandbox.dose("import", try sandbox.write("golden.json", Fixtures.goldenPack)).status == 0)
        let temporary = sandbox.root.appendingPathComponent("tmp").path
        try FileManager.default.createDirectory(atPath: temporary, withIntermediateDirectories: true)
        let fallback = temporary + "/daily-dose-\(geteuid())"
        let missing = "/nonexistent-" + UUID().uuidString
        let open = sandbox.root.appendingPathComponent("open-runtime").path
        try FileManager.default.createDirectory(atPath: open, withIntermediateDirectories: true)
        #expect(chmod(open, 0o777) == 0)
        for runtime in [missing, open] {
            let environment = ["XDG_RUNTIME_DIR": runtime, "TMPDIR": temporary]
            let page = try sandbox.run("dose", ["open", "q-weber", "--print-path", "--no-launch"], extraEnvironment: environment)
            #expect(page.status == 0, "\(page.stderr)")
            #expect(page.stdout == fallback + "/pages/dose.html\n")
            #expect(page.stderr.contains("XDG_RUNTIME_DIR \(runtime)") && page.stderr.contains(fallback), "\(page.stderr)")

            let tick = try sandbox.run("dose", ["learn", "tick", "Physics", "Flux"], extraEnvironment: environment)
            #expect(tick.status == 0, "\(tick.stderr)")
            #expect(FileManager.default.fileExists(atPath: fallback + "/learn.wake"))
            #expect(!FileManager.default.fileExists(atPath: runtime + "/daily-dose"), "nothing written into \(runtime)")
            try? FileManager.default.removeItem(atPath: fallback + "/learn.wake")
            _ = try sandbox.run("dose", ["learn", "untick", "Physics", "Flux"], extraEnvironment: environment)
        }
        #expect(!FileManager.default.fileExists(atPath: missing), "XDG_RUNTIME_DIR itself is never created")
    }
}
