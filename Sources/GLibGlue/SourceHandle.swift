import CGLib

/// A source attached to this thread's GLib main context, removed when the handle goes away.
///
/// The context is the thread-default one, which is the global default unless the thread pushed its
/// own (tests do, to iterate a private context). Each factory carries the Swift closure in a
/// `CallbackBox` that GLib releases through its destroy notify. A handler returns `true` to keep the
/// source, `false` to remove it; `cancel()` and `deinit` are then no-ops.
///
/// The handle never asks GLib for a source by id (ids are reissued once a source is gone); it knows
/// the source is alive by a weak reference to the box, and the box holds a reference on the source for
/// as long as GLib holds the box. Create, cancel and drop a handle on the thread that iterates the
/// context: the handler runs there and is not `Sendable`.
public final class SourceHandle {
    /// The box GLib owns; nil once GLib released it (the source is gone) or after `cancel`/`detach`.
    private weak var box: AnyObject?
    /// Valid while `box` is alive: the box's `SourceCallback` holds a reference on it.
    private let source: UnsafeMutablePointer<GSource>?

    private init(source: UnsafeMutablePointer<GSource>?, box: AnyObject?) {
        self.source = source
        self.box = box
    }

    deinit {
        cancel()
    }

    /// Whether the source is still attached (it has neither removed itself nor been cancelled).
    public var isActive: Bool {
        guard let source, let box else { return false }
        return withExtendedLifetime(box) { g_source_is_destroyed(source) == 0 }
    }

    /// Removes the source now; safe to call twice, or after the handler removed it.
    public func cancel() {
        // Holding the box keeps the source's memory alive across the call, even if it was just destroyed.
        if let source, let box {
            withExtendedLifetime(box) { g_source_destroy(source) }
        }
        box = nil
    }

    /// Leaves the source to GLib: it stays until its handler returns false, and the handle no longer removes it.
    public func detach() {
        box = nil
    }

    /// Calls `handler` after `milliseconds` (monotonic clock), then again at that interval while it returns true.
    public static func timeout(milliseconds: UInt32, priority: Int32 = G_PRIORITY_DEFAULT, _ handler: @escaping () -> Bool) -> SourceHandle {
        attach(g_timeout_source_new(milliseconds), priority: priority, handler) { data in
            CallbackBox<SourceCallback<() -> Bool>>.from(data)?.value.handler() == true ? 1 : 0
        }
    }

    /// Calls `handler` when the loop has nothing more urgent to do, while it returns true.
    public static func idle(priority: Int32 = G_PRIORITY_DEFAULT_IDLE, _ handler: @escaping () -> Bool) -> SourceHandle {
        attach(g_idle_source_new(), priority: priority, handler) { data in
            CallbackBox<SourceCallback<() -> Bool>>.from(data)?.value.handler() == true ? 1 : 0
        }
    }

    /// Calls `handler` with the conditions that hold when `fd` meets any of `conditions`, while it returns true.
    public static func fileDescriptor(
        _ fd: Int32, _ conditions: GIOCondition, priority: Int32 = G_PRIORITY_DEFAULT,
        _ handler: @escaping (GIOCondition) -> Bool
    ) -> SourceHandle {
        let dispatch: GUnixFDSourceFunc = { _, condition, data in
            CallbackBox<SourceCallback<(GIOCondition) -> Bool>>.from(data)?.value.handler(condition) == true ? 1 : 0
        }
        // An fd source calls its callback with (fd, condition, data); GLib takes it as a GSourceFunc.
        return attach(g_unix_fd_source_new(fd, conditions), priority: priority, handler,
                      unsafeBitCast(dispatch, to: GSourceFunc.self))
    }

    /// Calls `handler` on the loop's thread when the process receives `signal`, while it returns true.
    ///
    /// GLib installs its handler for `signal` while any such source exists and restores the default
    /// disposition when the last one is gone. A signal GLib does not support gives an inactive handle.
    public static func unixSignal(_ signal: Int32, priority: Int32 = G_PRIORITY_DEFAULT, _ handler: @escaping () -> Bool) -> SourceHandle {
        // GLib watches only these (it would print a CRITICAL and return no source for another): no source then.
        let watchable = [SIGHUP, SIGINT, SIGTERM, SIGUSR1, SIGUSR2, SIGWINCH].contains(signal)
        return attach(watchable ? g_unix_signal_source_new(signal) : nil, priority: priority, handler) { data in
            CallbackBox<SourceCallback<() -> Bool>>.from(data)?.value.handler() == true ? 1 : 0
        }
    }

    /// Gives `source` its callback and priority, attaches it to the thread-default context and drops the creation reference.
    private static func attach<Handler>(
        _ source: UnsafeMutablePointer<GSource>?, priority: Int32, _ handler: Handler, _ dispatch: GSourceFunc
    ) -> SourceHandle {
        guard let source else { return SourceHandle(source: nil, box: nil) }
        let box = CallbackBox(SourceCallback(handler: handler, source: source))
        g_source_set_priority(source, priority)
        g_source_set_callback(source, dispatch, box.retained(), CallbackBox<SourceCallback<Handler>>.destroyNotify)
        let context = g_main_context_ref_thread_default()
        g_source_attach(source, context)
        g_main_context_unref(context)
        // From here the context and the box hold the source; the box lets go when GLib releases it.
        g_source_unref(source)
        return SourceHandle(source: source, box: box)
    }
}

/// What a source's box carries: the handler, and a reference on the source for as long as GLib keeps the box.
final class SourceCallback<Handler> {
    let handler: Handler
    private let source: UnsafeMutablePointer<GSource>

    init(handler: Handler, source: UnsafeMutablePointer<GSource>) {
        self.handler = handler
        self.source = source
        g_source_ref(source)
    }

    deinit {
        g_source_unref(source)
    }
}
