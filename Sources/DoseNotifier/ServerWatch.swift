import CGLib

/// Tells when a notification server takes the bus name `org.freedesktop.Notifications`.
///
/// A notification that found no server is retried at once when one appears, instead of at the next backoff step.
final class ServerWatch {
    private var watcher: guint = 0

    private final class Context {
        let appeared: () -> Void
        let vanished: () -> Void
        init(appeared: @escaping () -> Void, vanished: @escaping () -> Void) {
            self.appeared = appeared
            self.vanished = vanished
        }
    }

    init(appeared: @escaping () -> Void, vanished: @escaping () -> Void = {}) {
        watcher = g_bus_watch_name(
            G_BUS_TYPE_SESSION, "org.freedesktop.Notifications", G_BUS_NAME_WATCHER_FLAGS_NONE,
            { _, _, _, data in
                guard let data else { return }
                Unmanaged<Context>.fromOpaque(data).takeUnretainedValue().appeared()
            },
            { _, _, data in
                guard let data else { return }
                Unmanaged<Context>.fromOpaque(data).takeUnretainedValue().vanished()
            },
            Unmanaged.passRetained(Context(appeared: appeared, vanished: vanished)).toOpaque(),
            { data in
                if let data { Unmanaged<Context>.fromOpaque(data).release() }
            })
    }

    deinit {
        if watcher != 0 { g_bus_unwatch_name(watcher) }
    }
}
