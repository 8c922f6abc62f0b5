import CGLib
import Foundation

/// Runs the default GLib main loop on a thread of the test's own for the length of `body`, as the app's or the
/// daemon's main thread would; quit and joined afterwards. One loop owns the default context at a time.
public func withDefaultLoop<T>(_ body: () throws -> T) rethrows -> T {
    nonisolated(unsafe) let loop = g_main_loop_new(nil, 0)
    let finished = DispatchSemaphore(value: 0)
    let thread = Thread {
        g_main_loop_run(loop)
        finished.signal()
    }
    thread.start()
    defer {
        // Quit from a source on the loop itself: a g_main_loop_quit before the thread is in g_main_loop_run is
        // forgotten by it (the run would then never end); an idle source runs once the loop does.
        g_idle_add({ loop in
            g_main_loop_quit(OpaquePointer(loop))
            return 0
        }, UnsafeMutableRawPointer(loop))
        // A handler that never returns keeps the loop from ever seeing the quit: fail loudly instead of waiting.
        if finished.wait(timeout: .now() + 60) == .timedOut {
            fatalError("the default main loop did not stop within 60 s of the quit: a source on it is blocked")
        }
        g_main_loop_unref(loop)
    }
    return try body()
}
