import CGLib

/// Runs `body` once on the main loop when it is next idle.
func idle(_ body: @escaping () -> Void) {
    runOnce(body) { function, data, release in g_idle_add_full(G_PRIORITY_DEFAULT_IDLE, function, data, release) }
}

/// Runs `body` once on the main loop after `milliseconds`.
func after(milliseconds: UInt32, _ body: @escaping () -> Void) {
    runOnce(body) { function, data, release in
        g_timeout_add_full(G_PRIORITY_DEFAULT, milliseconds, function, data, release)
    }
}

/// Adds a GLib source through `add` that runs `body` once; GLib releases `body` when it drops the source.
private func runOnce(_ body: @escaping () -> Void, add: (GSourceFunc, gpointer, GDestroyNotify) -> guint) {
    final class Box {
        let body: () -> Void
        init(_ body: @escaping () -> Void) { self.body = body }
    }
    _ = add(
        { data in
            if let data { Unmanaged<Box>.fromOpaque(data).takeUnretainedValue().body() }
            return 0  // G_SOURCE_REMOVE
        },
        Unmanaged.passRetained(Box(body)).toOpaque(),
        { data in
            if let data { Unmanaged<Box>.fromOpaque(data).release() }
        })
}
