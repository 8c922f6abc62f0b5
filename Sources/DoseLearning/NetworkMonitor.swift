import CGLib
import GLibGlue
import Synchronization

/// GIO's `GNetworkMonitor`: whether any network (a default route) is available, and when that changes.
///
/// Created on the thread that runs the GLib main context (the daemon's main thread, or the CLI's
/// only thread); the "network-changed" signal arrives there. `isAvailable()` may be read from any
/// thread: it returns the last value the main context saw, kept in an atomic.
public final class NetworkMonitor: NetworkStatus, @unchecked Sendable {
    private let monitor: OpaquePointer
    /// Whether this process iterates the default main context itself (a one-shot CLI run).
    private let pumpsContext: Bool
    /// The last availability the main context saw.
    private let available: Atomic<Bool>
    private var handler: gulong = 0

    /// Starts watching; `onChange` runs on the GLib thread with the new availability.
    ///
    /// - Parameter pumpsContext: true in a process with no running main loop: each
    ///   `isAvailable()` then first dispatches pending GLib events (route changes).
    public init(pumpsContext: Bool = false, onChange: @escaping @Sendable (Bool) -> Void = { _ in }) {
        monitor = g_network_monitor_get_default()
        g_object_ref(UnsafeMutableRawPointer(monitor))
        self.pumpsContext = pumpsContext
        available = Atomic(g_network_monitor_get_network_available(monitor) != 0)
        let changed: @convention(c) (gpointer?, gboolean, gpointer?) -> Void = { _, isAvailable, data in
            CallbackBox<(Bool) -> Void>.from(data)?.value(isAvailable != 0)
        }
        let box = CallbackBox<(Bool) -> Void> { [weak self] isAvailable in
            self?.available.store(isAvailable, ordering: .sequentiallyConsistent)
            onChange(isAvailable)
        }
        handler = connectSignal(UnsafeMutableRawPointer(monitor), "network-changed", unsafeBitCast(changed, to: GCallback.self), box)
    }

    deinit {
        // The monitor is GIO's process-wide one and outlives us: disconnect, which releases the box.
        disconnectSignal(UnsafeMutableRawPointer(monitor), handler)
        g_object_unref(UnsafeMutableRawPointer(monitor))
    }

    public func isAvailable() -> Bool {
        if pumpsContext {
            // No main loop runs in a one-shot command: deliver pending route changes now.
            MainLoop.dispatchPending()
            return g_network_monitor_get_network_available(monitor) != 0
        }
        return available.load(ordering: .sequentiallyConsistent)
    }
}
