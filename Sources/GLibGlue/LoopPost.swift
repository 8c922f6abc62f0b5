import CGLib

/// Runs `body` once on the thread that runs the default main loop, when it next turns.
///
/// Any thread may call it: it only attaches an idle source (at default priority, so it is not
/// starved by busier sources), and GLib wakes the loop. Unlike `SourceHandle.idle` there is no
/// handle to keep, since the caller is usually not the loop's thread.
public func postToLoop(_ body: @escaping @Sendable () -> Void) {
    let box = CallbackBox(body)
    g_idle_add_full(G_PRIORITY_DEFAULT, { data in
        CallbackBox<@Sendable () -> Void>.from(data)?.value()
        return 0  // G_SOURCE_REMOVE: once
    }, box.retained(), CallbackBox<@Sendable () -> Void>.destroyNotify)
}
