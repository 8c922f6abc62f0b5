import CGLib
import DoseDesktop
import DoseTestSupport
import Foundation
import Testing

/// The services' default delivery: slow work off the GLib thread, the answer on the thread running the default
/// main loop (GLibGlue's `postToLoop`), where the widgets live.
@Suite(.timeLimit(.minutes(5)), .watched) struct ServiceQueueTests {
    @Test func theAnswerArrivesOnTheThreadRunningTheLoop() throws {
        let home = try DesktopHome()
        let settings = SettingsService(paths: home.paths, queue: ServiceQueue(label: "test.default-delivery"))
        let answer = Answer<(onLoop: Bool, stored: String?)>()
        let got = try withDefaultLoop {
            settings.set(.notifyTime, to: "9:05") { result in
                answer.set((g_main_context_is_owner(g_main_context_default()) != 0, try? result.get().stored))
            }
            return try #require(answer.wait(timeout: 30), "no answer through the GLib loop")
        }
        #expect(got.onLoop, "the answer ran on a thread that was not running the default main context")
        #expect(got.stored == "09:05")
    }
}
