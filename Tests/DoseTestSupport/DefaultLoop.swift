import CGLib
import Foundation

/// One `withDefaultLoop` at a time in the whole test process, whichever suites run side by side (a test may
/// nest one inside another on its own thread).
private let defaultLoopOwner = NSRecursiveLock()

/// Runs the default GLib main loop on a thread of the test's own for the length of `body`, as the app's or the
/// daemon's main thread would; quit and joined afterwards. One loop owns the default context at a time.
public func withDefaultLoop<T>(_ body: () throws -> T) rethrows -> T {
    // Suites run in parallel: two loops on the one default context would dispatch each other's sources.
    defaultLoopOwner.lock()
    defer { defaultLoopOwner.unlock() }
    nonisolated(unsafe) let loop = g_main_loop_new(nil, 0)
    let finished = DispatchSemaphore(value: 0)
    let thread = Thread {
        g_main_loop_run(loop)
        finished.signal()
    }
    thread.start()
    defer {
        // A quit that lands before the thread is inside g_main_loop_run is forgotten (run sets the loop running
        // again), and any thread iterating the default context may be the one that runs a quitting source, so
        // one quit is not enough: quit again until the thread is out. An idle source on the loop was the old
        // way, and it hung under load when another thread dispatched it first (a fatal error 60 s later).
        let deadline = DispatchTime.now() + 60
        repeat {
            g_main_loop_quit(loop)
        } while finished.wait(timeout: .now() + .milliseconds(10)) == .timedOut && DispatchTime.now() < deadline
        // A handler that never returns keeps the loop from ever seeing the quit: fail loudly instead of waiting.
        if DispatchTime.now() >= deadline && finished.wait(timeout: .now()) == .timedOut {
            fatalError("the default main loop did not stop within 60 s of the quit: a source on it is blocked")
        }
        g_main_loop_unref(loop)
    }
    return try body()
}
