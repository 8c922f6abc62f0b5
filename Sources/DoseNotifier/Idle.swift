import CGLib

/// Runs `body` once on the main loop when it is next idle.
func idle(_ body: @escaping () -> Void) {
    final class Box {
        let body: () -> Void
        init(_ body: @escaping () -> Void) { self.body = body }
    }
    g_idle_add_full(
        G_PRIORITY_DEFAULT_IDLE,
        { data in
            if let data { Unmanaged<Box>.fromOpaque(data).takeUnretainedValue().body() }
            return 0  // G_SOURCE_REMOVE
        },
        Unmanaged.passRetained(Box(body)).toOpaque(),
        { data in
            if let data { Unmanaged<Box>.fromOpaque(data).release() }
        })
}
