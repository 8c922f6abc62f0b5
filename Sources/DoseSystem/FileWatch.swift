import CGLib
import GLibGlue

/// Calls back when a file is created, changed, replaced or removed (GIO's file monitor, inotify underneath).
///
/// GIO watches the parent directory, so an atomic rename over the file is seen too; the parent
/// should exist beforehand, or GIO falls back to polling for it. Create and drop it on the GLib thread;
/// the handler runs there.
public final class FileWatch {
    private let monitor: UnsafeMutablePointer<GFileMonitor>

    /// Nil when GIO cannot watch the path.
    ///
    /// - Parameter attributes: also call back when only the file's attributes change (a `chmod` that makes
    ///   a key file private); off by default, since a reader of the contents has nothing new to read then.
    public init?(path: String, attributes: Bool = false, handler: @escaping () -> Void) {
        let file = g_file_new_for_path(path)
        defer { g_object_unref(UnsafeMutableRawPointer(file)) }
        guard let monitor = try? check("watch \(path)", { error in
            g_file_monitor_file(file, G_FILE_MONITOR_WATCH_MOVES, nil, error)
        }) else { return nil }
        self.monitor = monitor
        // The default rate limit (800 ms) only delays repeated CHANGED events; fine for a wake-up.
        let changed: @convention(c) (
            UnsafeMutablePointer<GFileMonitor>?, OpaquePointer?, OpaquePointer?, GFileMonitorEvent, gpointer?
        ) -> Void = { _, _, _, event, data in
            switch event {
            case G_FILE_MONITOR_EVENT_PRE_UNMOUNT, G_FILE_MONITOR_EVENT_UNMOUNTED:
                return
            default:
                CallbackBox<(Bool) -> Void>.from(data)?.value(event == G_FILE_MONITOR_EVENT_ATTRIBUTE_CHANGED)
            }
        }
        let box = CallbackBox<(Bool) -> Void> { onlyAttributes in
            if attributes || !onlyAttributes { handler() }
        }
        // The monitor's finalization (deinit) releases the box.
        connectSignal(monitor, "changed", unsafeBitCast(changed, to: GCallback.self), box)
    }

    deinit {
        g_file_monitor_cancel(monitor)
        g_object_unref(monitor)
    }
}
