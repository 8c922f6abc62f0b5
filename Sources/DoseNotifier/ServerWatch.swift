import CGLib
import GLibGlue

/// Tells when a notification server takes the bus name `org.freedesktop.Notifications`.
///
/// A notification that found no server is retried at once when one appears, instead of at the next backoff step.
/// A watch started with no session bus stays blind for good (GIO reports the name vanished once, with no
/// connection, and never asks for the bus again): `hasNoBus` says so, and the owner makes a new watch
/// once a bus is there.
final class ServerWatch {
    private var watcher: guint = 0
    /// True once GIO has said this watch has no bus connection to watch on (no bus, or it closed).
    private(set) var hasNoBus = false

    /// What GIO's two callbacks call: whether the name is owned now, and whether there is a connection.
    private typealias Change = (_ owned: Bool, _ connected: Bool) -> Void

    init(appeared: @escaping () -> Void, vanished: @escaping () -> Void = {}) {
        let box = CallbackBox<Change> { [weak self] owned, connected in
            self?.hasNoBus = !connected
            if owned { appeared() } else { vanished() }
        }
        watcher = g_bus_watch_name(
            G_BUS_TYPE_SESSION, "org.freedesktop.Notifications", G_BUS_NAME_WATCHER_FLAGS_NONE,
            { connection, _, _, data in CallbackBox<Change>.from(data)?.value(true, connection != nil) },
            { connection, _, data in CallbackBox<Change>.from(data)?.value(false, connection != nil) },
            box.retained(), CallbackBox<Change>.destroyNotify)
    }

    deinit {
        if watcher != 0 { g_bus_unwatch_name(watcher) }
    }
}
