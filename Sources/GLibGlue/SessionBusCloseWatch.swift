import CGLib

/// Tells when the session bus closes under a long-running process, in place of GLib's default for the
/// shared connection (the scheduler's and `dose daemon`'s).
///
/// That default (exit-on-close) raises SIGTERM in our own process, which reads as a stop request: the
/// process ended with status 0 and a user service with `Restart=on-failure` stayed down for the rest
/// of the session. Worse, GIO emits "closed" on the main context the connection was made in, so a
/// connection first made inside a blocking library call (libsecret's lookups run their own context)
/// never tells anyone, and GIO keeps handing out the closed connection. Made first, on the loop's
/// thread, the watch fixes that context; the owner then ends the process with a failure and the service
/// manager starts a new one, which finds the new bus.
public final class SessionBusCloseWatch {
    private let connection: OpaquePointer
    private let handler: gulong

    /// Nil when there is no session bus now. Call on the GLib loop's thread; `closed` runs there.
    public init?(closed: @escaping () -> Void) {
        guard let connection = try? check("connect to the session bus", { error in g_bus_get_sync(G_BUS_TYPE_SESSION, nil, error) })
        else { return nil }
        self.connection = connection
        g_dbus_connection_set_exit_on_close(connection, 0)
        let callback: @convention(c) (OpaquePointer?, gboolean, UnsafeMutablePointer<GError>?, gpointer?) -> Void = {
            _, _, _, data in
            CallbackBox<() -> Void>.from(data)?.value()
        }
        // The connection is shared and outlives us: deinit disconnects, which releases the box.
        handler = connectSignal(
            UnsafeMutableRawPointer(connection), "closed", unsafeBitCast(callback, to: GCallback.self), CallbackBox(closed))
    }

    deinit {
        disconnectSignal(UnsafeMutableRawPointer(connection), handler)
        g_object_unref(UnsafeMutableRawPointer(connection))
    }
}
