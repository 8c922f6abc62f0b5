import DoseSystem
import DoseTestSupport
import Foundation
import GLibGlue
import Testing

@testable import DoseNotifier

/// The click's hand-off to the app on a real private session bus (the process's one, `PrivateKeyring.shared`),
/// through the real `SessionBusAppLink`, to a stand-in app (`tests/support/standin_app.py`) that answers late,
/// never, or with an error: the loop that made the call keeps handling events (a 100 ms timer here, as the
/// scheduler's timer, other clicks and SIGTERM are) while the call is pending.
@Suite(.serialized, .timeLimit(.minutes(5)), .watched) struct AppHandOffBusTests {
    static let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    /// The process's session bus, set before any use of it.
    let bus = PrivateKeyring.shared

    /// A home with the pool, the stand-in app in a mode (or no app), and a deliverer whose clicks go
    /// through the real link (with a display), its pages recorded; the stand-in is killed when it goes.
    final class Scene {
        let home: DelivererTests.Home
        let pages = RecordedPages()
        let deliverer: Deliverer
        let log: String
        private var app: ChildProcess?

        init(app mode: String?, link: SessionBusAppLink = SessionBusAppLink()) throws {
            home = try DelivererTests.Home()
            log = home.root.appendingPathComponent("app.log").path
            deliverer = Deliverer(paths: home.paths, server: ScriptedServer(), shell: ScriptedShell(), app: link,
                                  pages: pages, hasDisplay: { true })
            if let mode { app = try Self.start(mode, log: log) }
        }

        deinit {
            guard let app else { return }
            app.terminate()
            // The bus drops the name once it sees the connection gone (a deadline: the next scene needs it free).
            let deadline = ContinuousClock.now + .seconds(30)
            while SessionBus.nameHasOwner(DesktopApplication.id), ContinuousClock.now < deadline { usleep(10_000) }
        }

        /// Starts the stand-in app in `mode`, once the process's shared connection sees it own the app's name.
        private static func start(_ mode: String, log: String) throws -> ChildProcess {
            let app = try ChildProcess(
                "/usr/bin/python3", [packageRoot.appendingPathComponent("tests/support/standin_app.py").path, log, mode],
                environment: PrivateKeyring.shared.environment, stdout: .discard)
            guard app.waitUntil(timeout: .seconds(60), { SessionBus.nameHasOwner(DesktopApplication.id) }) else {
                throw KeyringSetupError("the stand-in app did not own \(DesktopApplication.id) on the process's session bus within 60 s: \(app.terminate())")
            }
            return app
        }

        /// The ActivateAction calls the stand-in received, one JSON object each.
        var calls: [[String: Any]] {
            ((try? String(contentsOfFile: log, encoding: .utf8)) ?? "").split(separator: "\n").compactMap {
                try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any]
            }
        }

        /// Clicks `itemID` on a private context with a 100 ms ticker, iterating until the click settles
        /// (within `limit` ms), then `after` ms more to catch a second fallback.
        func click(_ itemID: String, limit: UInt32, after: UInt32) -> Outcome {
            withPrivateContext { context in
                var outcome = Outcome()
                var ticks = 0
                let ticker = SourceHandle.timeout(milliseconds: 100) { ticks += 1; return true }
                let start = ContinuousClock.now
                deliverer.open(itemID: itemID, activationToken: "token-7") {
                    outcome.settled = true
                    outcome.ticksBeforeSettled = ticks
                    let elapsed = ContinuousClock.now - start
                    outcome.seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
                }
                outcome.ticksWhenOpenReturned = ticks
                iterate(context, until: { outcome.settled }, within: limit)
                iterate(context, until: { false }, within: after)
                ticker.cancel()
                return outcome
            }
        }
    }

    /// What one click did while the loop ran: ticks of a 100 ms timer before the click settled, and how long it took.
    struct Outcome {
        var settled = false
        var ticksBeforeSettled = 0
        var seconds = 0.0
        var ticksWhenOpenReturned = 0
    }

    /// An app that answers after 1.5 s (a cold start by activation): the timer keeps firing meanwhile, the
    /// answer arrives, and no page opens. With the old synchronous call the click returned only after the
    /// answer and no tick ran before it (checked: this test failed on it).
    @Test func aSlowAppDoesNotHoldUpTheLoopAndNoPageOpens() throws {
        let scene = try Scene(app: "1500")
        let outcome = scene.click("q-weber-unit", limit: 10_000, after: 500)
        #expect(outcome.settled)
        #expect(outcome.seconds >= 1.4, "the answer came after \(outcome.seconds) s, not after the stand-in's 1.5 s")
        #expect(outcome.ticksWhenOpenReturned == 0)
        // ~15 ticks in 1.5 s; a loaded machine may run fewer, a blocked loop runs none.
        #expect(outcome.ticksBeforeSettled >= 5, "\(outcome.ticksBeforeSettled) ticks while the app took its time")
        #expect(scene.pages.shown.isEmpty)
        let received = scene.calls
        #expect(received.count == 1)
        #expect(received.first?["action"] as? String == "open-dose")
        #expect(received.first?["parameter"] as? [String] == ["q-weber-unit"])
        #expect(received.first?["platform"] as? [String: String] == ["activation-token": "token-7", "desktop-startup-id": "token-7"])
    }

    /// An app that never answers: the bounded wait (1 s here, 25 s by default) ends with the page, exactly
    /// once, for the id clicked; the loop ran throughout.
    @Test func aHungAppFallsBackToThePageOnceWhenTheWaitEnds() throws {
        let scene = try Scene(app: "never", link: SessionBusAppLink(timeoutMilliseconds: 1_000))
        let outcome = scene.click("f-ohm", limit: 10_000, after: 1_500)
        #expect(outcome.settled)
        #expect(outcome.seconds >= 0.9 && outcome.seconds < 5, "\(outcome.seconds) s")
        #expect(outcome.ticksBeforeSettled >= 4, "\(outcome.ticksBeforeSettled) ticks while the app stayed silent")
        #expect(scene.pages.shown.map(\.requestedID) == ["f-ohm"])
        #expect(scene.pages.shown.first?.item == DelivererTests.pool[1])
        #expect(scene.pages.shown.first?.token == "token-7")
        #expect(scene.calls.count == 1)
    }

    /// Nothing owns the app's name and this bus can start nothing (the app not installed): the bus says so at
    /// once (ServiceUnknown), well inside the 25 s wait, and the page opens once.
    @Test func noAppOnTheBusOpensThePageAtOnce() throws {
        let scene = try Scene(app: nil)
        #expect(!SessionBus.nameHasOwner(DesktopApplication.id))
        let outcome = scene.click("m-euler", limit: 5_000, after: 300)
        #expect(outcome.settled)
        #expect(outcome.seconds < 5)
        #expect(scene.pages.shown.map(\.requestedID) == ["m-euler"])
    }

    /// An app that answers with an error (one without `open-dose`): the page, once.
    @Test func aRefusingAppOpensThePage() throws {
        let scene = try Scene(app: "refuse")
        let outcome = scene.click("q-weber-unit", limit: 5_000, after: 300)
        #expect(outcome.settled)
        #expect(scene.pages.shown.map(\.requestedID) == ["q-weber-unit"])
        #expect(scene.calls.count == 1)
    }
}
