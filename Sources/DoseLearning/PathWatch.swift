import CGLib

/// Calls back when a file is created, changed, replaced or removed (GIO's file monitor, inotify underneath).
///
/// GIO watches the parent directory, so an atomic rename over the file is seen too; the parent
/// should exist beforehand, or GIO falls back to polling for it. Create and drop it on the GLib thread;
/// the handler runs there.
public final class PathWatch {
    private let monitor: UnsafeMutablePointer<GFileMonitor>

    private final class Context {
        let handler: @Sendable () -> Void
        init(handler: @escaping @Sendable () -> Void) { self.handler = handler }
    }

    /// Nil when GIO cannot watch the path.
    public init?(path: String, handler: @escaping @Sendable () -> Void) {
        let file = g_file_new_for_path(path)
        defer { g_object_unref(UnsafeMutableRawPointer(file)) }
        var error: UnsafeMutablePointer<GError>?
        guard let monitor = g_file_monitor_file(file, G_FILE_MONITOR_WATCH_MOVES, nil, &error) else {
            if let error { g_error_free(error) }
            return nil
        }
        self.monitor = monitor
        // The default rate limit (800 ms) only delays repeated CHANGED events; fine for a wake-up.
        let callback: @convention(c) (
            UnsafeMutablePointer<GFileMonitor>?, OpaquePointer?, OpaquePointer?, GFileMonitorEvent, gpointer?
        ) -> Void = { _, _, _, event, data in
            guard let data else { return }
            switch event {
            case G_FILE_MONITOR_EVENT_ATTRIBUTE_CHANGED, G_FILE_MONITOR_EVENT_PRE_UNMOUNT, G_FILE_MONITOR_EVENT_UNMOUNTED:
                return
            default:
                Unmanaged<Context>.fromOpaque(data).takeUnretainedValue().handler()
            }
        }
        dd_g_signal_connect(
            monitor, "changed", unsafeBitCast(callback, to: GCallback.self),
            Unmanaged.passRetained(Context(handler: handler)).toOpaque(),
            { data, _ in
                if let data { Unmanaged<Context>.fromOpaque(data).release() }
            })
    }

    deinit {
        g_file_monitor_cancel(monitor)
        g_object_unref(monitor)
    }
}
