import CGLib

/// A source attached to the default GLib main context, removed when the handle goes away.
///
/// Each factory carries a Swift closure in a `CallbackBox` released by GLib's destroy notify. A
/// handler returns `true` to keep the source, `false` to remove it (after which `cancel()` and
/// `deinit` do nothing). Create, cancel and drop a handle on the thread that runs the loop.
public final class SourceHandle {
    private var id: guint

    private init(id: guint) {
        self.id = id
    }

    deinit {
        cancel()
    }

    /// Whether the source is still attached (it has neither removed itself nor been cancelled).
    public var isActive: Bool {
        guard id != 0 else { return false }
        guard let source = g_main_context_find_source_by_id(nil, id) else { return false }
        return g_source_is_destroyed(source) == 0
    }

    /// Removes the source now; safe to call twice, or after the handler removed it.
    public func cancel() {
        guard id != 0 else { return }
        if let source = g_main_context_find_source_by_id(nil, id), g_source_is_destroyed(source) == 0 {
            g_source_destroy(source)
        }
        id = 0
    }

    /// Calls `handler` after `milliseconds` (monotonic clock), then again at that interval while it returns true.
    public static func timeout(milliseconds: UInt32, priority: Int32 = G_PRIORITY_DEFAULT, _ handler: @escaping () -> Bool) -> SourceHandle {
        let box = CallbackBox(handler)
        let id = g_timeout_add_full(priority, milliseconds, { data in
            CallbackBox<() -> Bool>.from(data)?.value() == true ? 1 : 0
        }, box.retained(), CallbackBox<() -> Bool>.destroyNotify)
        return SourceHandle(id: id)
    }

    /// Calls `handler` when the loop has nothing more urgent to do, while it returns true.
    public static func idle(priority: Int32 = G_PRIORITY_DEFAULT_IDLE, _ handler: @escaping () -> Bool) -> SourceHandle {
        let box = CallbackBox(handler)
        let id = g_idle_add_full(priority, { data in
            CallbackBox<() -> Bool>.from(data)?.value() == true ? 1 : 0
        }, box.retained(), CallbackBox<() -> Bool>.destroyNotify)
        return SourceHandle(id: id)
    }

    /// Calls `handler` with the conditions that hold when `fd` meets any of `conditions`, while it returns true.
    public static func fileDescriptor(
        _ fd: Int32, _ conditions: GIOCondition, priority: Int32 = G_PRIORITY_DEFAULT,
        _ handler: @escaping (GIOCondition) -> Bool
    ) -> SourceHandle {
        let box = CallbackBox(handler)
        let id = g_unix_fd_add_full(priority, fd, conditions, { _, condition, data in
            CallbackBox<(GIOCondition) -> Bool>.from(data)?.value(condition) == true ? 1 : 0
        }, box.retained(), CallbackBox<(GIOCondition) -> Bool>.destroyNotify)
        return SourceHandle(id: id)
    }

    /// Calls `handler` on the loop's thread when the process receives `signal`, while it returns true.
    public static func unixSignal(_ signal: Int32, priority: Int32 = G_PRIORITY_DEFAULT, _ handler: @escaping () -> Bool) -> SourceHandle {
        let box = CallbackBox(handler)
        let id = g_unix_signal_add_full(priority, signal, { data in
            CallbackBox<() -> Bool>.from(data)?.value() == true ? 1 : 0
        }, box.retained(), CallbackBox<() -> Bool>.destroyNotify)
        return SourceHandle(id: id)
    }
}
