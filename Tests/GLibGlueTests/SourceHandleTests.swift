import CGLib
import DoseTestSupport
import Glibc
import GLibGlue
import Testing

@Suite(.timeLimit(.minutes(5)), .watched) struct SourceHandleTests {
    @Test func timeoutFiresOnAPrivateIterationAndItsBoxGoesWhenTheHandlerSaysFalse() {
        withPrivateContext { context in
            let released = ReleaseCounter()
            var fired = 0
            let handle = SourceHandle.timeout(milliseconds: 5, released.tracked {
                fired += 1
                return fired < 3
            })
            #expect(handle.isActive)
            #expect(iterate(context, until: { fired == 3 }))
            #expect(released.count == 1)
            #expect(!handle.isActive)
            // The source removed itself: cancelling (twice) and dropping the handle touch nothing.
            handle.cancel()
            handle.cancel()
            withExtendedLifetime(handle) {}
            // A few more iterations: it does not fire again.
            iterate(context, until: { false }, within: 30)
            #expect(fired == 3)
            #expect(released.count == 1)
        }
    }

    @Test func cancelRemovesTheSourceAndReleasesItsBoxOnce() {
        withPrivateContext { context in
            let released = ReleaseCounter()
            var calls = 0
            let handle = SourceHandle.idle(released.tracked {
                calls += 1
                return true
            })
            #expect(handle.isActive)
            #expect(released.count == 0)
            handle.cancel()
            #expect(!handle.isActive)
            #expect(released.count == 1)
            handle.cancel()
            #expect(released.count == 1)
            iterate(context, until: { false }, within: 20)
            #expect(calls == 0)
        }
    }

    @Test func droppingTheHandleRemovesTheSource() {
        withPrivateContext { context in
            let released = ReleaseCounter()
            var calls = 0
            _ = SourceHandle.timeout(milliseconds: 1, released.tracked {
                calls += 1
                return true
            })
            #expect(released.count == 1)
            iterate(context, until: { false }, within: 20)
            #expect(calls == 0)
        }
    }

    @Test func aHandlerMayCancelItsOwnHandleWhileRunning() {
        withPrivateContext { context in
            let released = ReleaseCounter()
            var calls = 0
            var handle: SourceHandle?
            handle = SourceHandle.timeout(milliseconds: 1, released.tracked {
                calls += 1
                handle?.cancel()
                handle = nil
                return true  // ignored: the source is already destroyed
            })
            #expect(iterate(context, until: { calls == 1 }))
            iterate(context, until: { false }, within: 20)
            #expect(calls == 1)
            #expect(released.count == 1)
        }
    }

    @Test func aDetachedSourceRunsUntilItsHandlerSaysFalse() {
        withPrivateContext { context in
            let released = ReleaseCounter()
            var calls = 0
            SourceHandle.idle(released.tracked {
                calls += 1
                return calls < 2
            }).detach()
            #expect(released.count == 0)
            #expect(iterate(context, until: { calls == 2 }))
            #expect(released.count == 1)
        }
    }

    @Test func fileDescriptorSourceFiresWhenReadable() throws {
        var ends: [Int32] = [0, 0]
        try #require(pipe(&ends) == 0)
        defer { close(ends[0]); close(ends[1]) }
        withPrivateContext { context in
            let released = ReleaseCounter()
            var seen: GIOCondition?
            let handle = SourceHandle.fileDescriptor(ends[0], G_IO_IN, released.tracked { condition in
                seen = condition
                return false
            })
            // Nothing to read yet: it does not fire.
            iterate(context, until: { seen != nil }, within: 20)
            #expect(seen == nil)
            var byte: UInt8 = 1
            #expect(write(ends[1], &byte, 1) == 1)
            #expect(iterate(context, until: { seen != nil }))
            #expect((seen?.rawValue ?? 0) & G_IO_IN.rawValue != 0)
            #expect(released.count == 1)
            handle.cancel()
            #expect(released.count == 1)
        }
    }

    @Test func aSignalGLibCannotWatchGivesAnInactiveHandle() {
        withPrivateContext { _ in
            // SIGKILL cannot be caught; GLib refuses it (with a critical on stderr) and there is nothing to remove.
            let handle = SourceHandle.unixSignal(SIGKILL) { true }
            #expect(!handle.isActive)
            handle.cancel()
        }
    }
}
