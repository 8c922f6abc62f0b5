import CGLib
import DoseTestSupport
import Glibc
import GLibGlue
import Testing

/// Whether `signal` has the default disposition (no GLib handler installed for it).
private func hasDefaultDisposition(_ signal: Int32) -> Bool {
    var action = sigaction()
    sigaction(signal, nil, &action)
    return action.__sigaction_handler.sa_handler == nil
}

/// Serialized: signals are process-wide, and no other suite installs handlers for SIGTERM or SIGINT.
@Suite(.serialized, .timeLimit(.minutes(5)), .watched) struct MainLoopTests {
    /// Runs `loop` until it quits or `milliseconds` pass; true when it quit by itself.
    private func runQuits(_ loop: MainLoop, within milliseconds: UInt32 = 5000) -> Bool {
        var timedOut = false
        let deadline = SourceHandle.timeout(milliseconds: milliseconds) {
            timedOut = true
            loop.quit()
            return false
        }
        loop.run()
        deadline.cancel()
        return !timedOut
    }

    @Test(arguments: [SIGTERM, SIGINT])
    func aRaisedStopSignalQuitsALiveLoop(signal: Int32) {
        withPrivateContext { _ in
            let loop = MainLoop()
            #expect(!hasDefaultDisposition(signal))
            raise(signal)
            #expect(runQuits(loop))
            // The signal's source removed itself: a second one, during shutdown, takes the default action.
            #expect(hasDefaultDisposition(signal))
            withExtendedLifetime(loop) {}
        }
        #expect(hasDefaultDisposition(SIGTERM))
        #expect(hasDefaultDisposition(SIGINT))
    }

    @Test func aDroppedLoopTakesItsSignalSourcesWithIt() {
        withPrivateContext { _ in
            do {
                let first = MainLoop()
                #expect(!hasDefaultDisposition(SIGTERM))
                #expect(!hasDefaultDisposition(SIGINT))
                withExtendedLifetime(first) {}
            }
            #expect(hasDefaultDisposition(SIGTERM))
            #expect(hasDefaultDisposition(SIGINT))
            // A new loop still hears SIGTERM (and nothing of the first one's is called).
            let second = MainLoop()
            raise(SIGTERM)
            #expect(runQuits(second))
        }
        #expect(hasDefaultDisposition(SIGTERM))
        #expect(hasDefaultDisposition(SIGINT))
    }

    @Test func aLoopWithNoSignalKeepsRunning() {
        withPrivateContext { _ in
            #expect(!runQuits(MainLoop(), within: 20))
        }
    }

    @Test func dispatchPendingRunsWhatIsReadyWithoutBlocking() {
        withPrivateContext { _ in
            var calls = 0
            let handle = SourceHandle.idle {
                calls += 1
                return calls < 3
            }
            MainLoop.dispatchPending()
            #expect(calls == 3)
            #expect(!handle.isActive)
        }
    }
}
