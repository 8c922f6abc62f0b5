import CGLib
import DoseTestSupport
import GLibGlue
import Testing

/// Signal boxes, on a GCancellable (whose "cancelled" signal is emitted synchronously by `g_cancellable_cancel`).
@Suite(.timeLimit(.minutes(5)), .watched) struct SignalConnectionTests {
    private typealias Cancelled = @convention(c) (UnsafeMutablePointer<GCancellable>?, gpointer?) -> Void
    private static let cancelled: Cancelled = { _, data in CallbackBox<() -> Void>.from(data)?.value() }

    @discardableResult
    private func connect(_ cancellable: UnsafeMutablePointer<GCancellable>, signal: String = "cancelled",
                         _ handler: @escaping () -> Void) -> gulong {
        connectSignal(cancellable, signal, unsafeBitCast(Self.cancelled, to: GCallback.self), CallbackBox(handler))
    }

    @Test func disconnectingReleasesTheBoxOnce() {
        let cancellable = g_cancellable_new()!
        let released = ReleaseCounter()
        var calls = 0
        let id = connect(cancellable, released.tracked { calls += 1 })
        #expect(id != 0)
        #expect(released.count == 0)
        disconnectSignal(cancellable, id)
        #expect(released.count == 1)
        g_cancellable_cancel(cancellable)
        #expect(calls == 0)
        g_object_unref(cancellable)
        #expect(released.count == 1)
    }

    @Test func finalizingTheObjectReleasesTheBoxOnce() {
        let cancellable = g_cancellable_new()!
        let released = ReleaseCounter()
        var calls = 0
        connect(cancellable, released.tracked { calls += 1 })
        g_cancellable_cancel(cancellable)
        #expect(calls == 1)
        #expect(released.count == 0)
        g_object_unref(cancellable)
        #expect(released.count == 1)
    }

    @Test func aRefusedConnectionReleasesTheBoxAtOnce() {
        let cancellable = g_cancellable_new()!
        defer { g_object_unref(cancellable) }
        let released = ReleaseCounter()
        // GLib logs a warning and keeps nothing: no notify will ever come.
        let id = connect(cancellable, signal: "no-such-signal", released.tracked {})
        #expect(id == 0)
        #expect(released.count == 1)
        disconnectSignal(cancellable, id)
    }
}
