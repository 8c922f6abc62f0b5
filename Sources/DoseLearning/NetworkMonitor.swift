import CGLib
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
    private let context: Context

    /// Lives as long as the signal connection; freed by its destroy notify.
    private final class Context: Sendable {
        let available: Atomic<Bool>
        let handler: @Sendable (Bool) -> Void
        init(available: Bool, handler: @escaping @Sendable (Bool) -> Void) {
            self.available = Atomic(available)
            self.handler = handler
        }
    }

    /// Starts watching; `onChange` runs on the GLib thread with the new availability.
    ///
    /// - Parameter pumpsContext: true in a process with no running main loop: each
    ///   `isAvailable()` then first dispatches pending GLib events (route changes).
    public init(pumpsContext: Bool = false, onChange: @escaping @Sendable (Bool) -> Void = { _ in }) {
        monitor = g_network_monitor_get_default()
        g_object_ref(UnsafeMutableRawPointer(monitor))
        self.pumpsContext = pumpsContext
        context = Context(available: g_network_monitor_get_network_available(monitor) != 0, handler: onChange)
        let callback: @convention(c) (gpointer?, gboolean, gpointer?) -> Void = { _, isAvailable, data in
            guard let data else { return }
            let context = Unmanaged<Context>.fromOpaque(data).takeUnretainedValue()
            context.available.store(isAvailable != 0, ordering: .sequentiallyConsistent)
            context.handler(isAvailable != 0)
        }
        dd_g_signal_connect(
            UnsafeMutableRawPointer(monitor), "network-changed", unsafeBitCast(callback, to: GCallback.self),
            Unmanaged.passRetained(context).toOpaque(),
            { data, _ in
                if let data { Unmanaged<Context>.fromOpaque(data).release() }
            })
    }

    deinit {
        g_object_unref(UnsafeMutableRawPointer(monitor))
    }

    public func isAvailable() -> Bool {
        if pumpsContext {
            // No main loop runs in a one-shot command: deliver pending route changes now.
            while g_main_context_iteration(nil, 0) != 0 {}
            return g_network_monitor_get_network_available(monitor) != 0
        }
        return context.available.load(ordering: .sequentiallyConsistent)
    }
}
