import CGLib
import GLibGlue

/// Runs `body` with a new main context pushed as this thread's default, so the sources it makes
/// attach there and no other test's iterations dispatch them.
public func withPrivateContext<T>(_ body: (OpaquePointer) throws -> T) rethrows -> T {
    let context = g_main_context_new()!
    g_main_context_push_thread_default(context)
    defer {
        g_main_context_pop_thread_default(context)
        g_main_context_unref(context)
    }
    return try body(context)
}

/// Iterates `context` (blocking in poll between events) until `done` holds or `milliseconds` pass; returns `done()`.
@discardableResult
public func iterate(_ context: OpaquePointer, until done: () -> Bool, within milliseconds: UInt32 = 5000) -> Bool {
    var expired = false
    let deadline = SourceHandle.timeout(milliseconds: milliseconds) { expired = true; return false }
    while !done() && !expired { g_main_context_iteration(context, 1) }
    deadline.cancel()
    return done()
}
