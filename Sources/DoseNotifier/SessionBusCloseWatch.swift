import CGLib
import GLibGlue

/// Tells when the session bus closes under the scheduler, in place of GLib's default for the shared
/// connection.
///
/// That default (exit-on-close) raises SIGTERM in our own process, which reads as a stop request: the
/// scheduler ended with status 0 and a user service with `Restart=on-failure` stayed down for the rest
/// of the session. libnotify keeps its proxy on that dead connection, so the owner ends the process
/// with a failure instead and the service manager starts a new one, which finds the new bus or waits.
final class SessionBusCloseWatch {
    private let connection: OpaquePointer
    private let handler: gulong

    /// Nil when there is no session bus now. `closed` runs on the GLib thread.
    init?(closed: @escaping () -> Void) {
        guard let connection = try? SessionBus.connect() else { return nil }
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
