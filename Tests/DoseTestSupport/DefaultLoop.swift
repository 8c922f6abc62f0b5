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
        g_main_loop_quit(loop)
        finished.wait()
        g_main_loop_unref(loop)
    }
    return try body()
}
