import CGLib

/// Tells when the session bus closes under the scheduler, in place of GLib's default for the shared
/// connection.
///
/// That default (exit-on-close) raises SIGTERM in our own process, which reads as a stop request: the
/// scheduler ended with status 0 and a user service with `Restart=on-failure` stayed down for the rest
/// of the session. libnotify keeps its proxy on that dead connection, so the owner ends the process
/// with a failure instead and the service manager starts a new one, which finds the new bus or waits.
final class SessionBusCloseWatch {
    private let connection: OpaquePointer
    private var handler: gulong = 0

    private final class Context {
        let closed: () -> Void
        init(closed: @escaping () -> Void) { self.closed = closed }
    }

    /// Nil when there is no session bus now. `closed` runs on the GLib thread.
    init?(closed: @escaping () -> Void) {
        var error: UnsafeMutablePointer<GError>?
        guard let connection = g_bus_get_sync(G_BUS_TYPE_SESSION, nil, &error) else {
            if let error { g_error_free(error) }
            return nil
        }
        self.connection = connection
        g_dbus_connection_set_exit_on_close(connection, 0)
        let callback: @convention(c) (OpaquePointer?, gboolean, UnsafeMutablePointer<GError>?, gpointer?) -> Void = {
            _, _, _, data in
            guard let data else { return }
            Unmanaged<Context>.fromOpaque(data).takeUnretainedValue().closed()
        }
        handler = dd_g_signal_connect(
            UnsafeMutableRawPointer(connection), "closed", unsafeBitCast(callback, to: GCallback.self),
            Unmanaged.passRetained(Context(closed: closed)).toOpaque(),
            { data, _ in
                if let data { Unmanaged<Context>.fromOpaque(data).release() }
            })
    }

    deinit {
        if handler != 0 { g_signal_handler_disconnect(UnsafeMutableRawPointer(connection), handler) }
        g_object_unref(UnsafeMutableRawPointer(connection))
    }
}
