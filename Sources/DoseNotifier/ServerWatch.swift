import CGLib

/// Tells when a notification server takes the bus name `org.freedesktop.Notifications`.
///
/// A notification that found no server is retried at once when one appears, instead of at the next backoff step.
/// A watch started with no session bus stays blind for good (GIO reports the name vanished once, with no
/// connection, and never asks for the bus again): `hasNoBus` says so, and the owner makes a new watch
/// once a bus is there.
final class ServerWatch {
    private var watcher: guint = 0
    private let context: Context

    private final class Context {
        let appeared: () -> Void
        let vanished: () -> Void
        /// Set when GIO reports the name gone with no connection: there was no bus, or it closed.
        var hasNoBus = false
        init(appeared: @escaping () -> Void, vanished: @escaping () -> Void) {
            self.appeared = appeared
            self.vanished = vanished
        }
    }

    /// True once GIO has said this watch has no bus connection to watch on.
    var hasNoBus: Bool { context.hasNoBus }

    init(appeared: @escaping () -> Void, vanished: @escaping () -> Void = {}) {
        context = Context(appeared: appeared, vanished: vanished)
        watcher = g_bus_watch_name(
            G_BUS_TYPE_SESSION, "org.freedesktop.Notifications", G_BUS_NAME_WATCHER_FLAGS_NONE,
            { _, _, _, data in
                guard let data else { return }
                let context = Unmanaged<Context>.fromOpaque(data).takeUnretainedValue()
                context.hasNoBus = false
                context.appeared()
            },
            { connection, _, data in
                guard let data else { return }
                let context = Unmanaged<Context>.fromOpaque(data).takeUnretainedValue()
                context.hasNoBus = connection == nil
                context.vanished()
            },
            Unmanaged.passRetained(context).toOpaque(),
            { data in
                if let data { Unmanaged<Context>.fromOpaque(data).release() }
            })
    }

    deinit {
        if watcher != 0 { g_bus_unwatch_name(watcher) }
    }
}
