import CGLib

/// Carries a Swift value (usually a closure) through a C callback's `gpointer`, released by GLib's destroy notify.
///
/// `retained()` hands GLib one strong reference; `destroyNotify` (or `closureNotify` for signal
/// connections) gives it back when GLib drops the callback, so the box lives exactly as long as
/// the registration. Inside the capture-free `@convention(c)` trampoline, `CallbackBox.from(data)`
/// reads the value without touching the count.
public final class CallbackBox<Value> {
    public let value: Value

    public init(_ value: Value) {
        self.value = value
    }

    /// One strong reference for GLib to own; pair it with `destroyNotify` or `closureNotify`.
    public func retained() -> gpointer {
        Unmanaged.passRetained(self).toOpaque()
    }

    /// The box behind a `gpointer` that `retained()` made; nil for a null pointer.
    public static func from(_ data: gpointer?) -> CallbackBox<Value>? {
        guard let data else { return nil }
        return Unmanaged<CallbackBox<Value>>.fromOpaque(data).takeUnretainedValue()
    }

    /// Releases the reference `retained()` gave, for APIs that take a `GDestroyNotify`.
    public static var destroyNotify: GDestroyNotify {
        { data in
            if let data { Unmanaged<AnyObject>.fromOpaque(data).release() }
        }
    }

    /// Releases the reference `retained()` gave, for signal connections (`GClosureNotify`).
    public static var closureNotify: GClosureNotify {
        { data, _ in
            if let data { Unmanaged<AnyObject>.fromOpaque(data).release() }
        }
    }
}

/// Connects `handler` (a capture-free C function of the signal's exact signature, cast to `GCallback`)
/// to `signal` on `instance`, with `box` as its data; the box is released when the connection goes.
///
/// The connection goes when it is disconnected (`disconnectSignal`) or `instance` is finalized.
/// Returns the handler id, 0 when GLib refused the connection (no such signal), which it does
/// without calling the notify: the box is released here then.
@discardableResult
public func connectSignal<Value>(
    _ instance: UnsafeMutableRawPointer, _ signal: String, _ handler: GCallback, _ box: CallbackBox<Value>
) -> gulong {
    let data = box.retained()
    let id = dd_g_signal_connect(instance, signal, handler, data, CallbackBox<Value>.closureNotify)
    if id == 0 { Unmanaged<CallbackBox<Value>>.fromOpaque(data).release() }
    return id
}

/// Disconnects what `connectSignal` connected, releasing its box; id 0 does nothing.
public func disconnectSignal(_ instance: UnsafeMutableRawPointer, _ id: gulong) {
    guard id != 0 else { return }
    g_signal_handler_disconnect(instance, id)
}
