import CGLib
import Synchronization

/// Touched with acquire-release order by each post and each run, so the happens-before edge GLib's
/// own locks give a posted closure is visible to ThreadSanitizer too (GLib is not instrumented).
private let handoff = Atomic<Int>(0)

/// Runs `body` once on the thread that runs the default main loop, when it next turns.
///
/// Any thread may call it: it only attaches an idle source (at default priority, so it is not
/// starved by busier sources), and GLib wakes the loop. Unlike `SourceHandle.idle` there is no
/// handle to keep, since the caller is usually not the loop's thread.
public func postToLoop(_ body: @escaping @Sendable () -> Void) {
    let box = CallbackBox(body)
    handoff.add(1, ordering: .acquiringAndReleasing)
    g_idle_add_full(G_PRIORITY_DEFAULT, { data in
        handoff.add(1, ordering: .acquiringAndReleasing)
        CallbackBox<@Sendable () -> Void>.from(data)?.value()
        return 0  // G_SOURCE_REMOVE: once
    }, box.retained(), CallbackBox<@Sendable () -> Void>.destroyNotify)
}
