import CGLib
import GLibGlue

/// Counts how many times the objects made from it were freed: a box released twice crashes, one never released stays at 0.
final class ReleaseCounter {
    private(set) var count = 0

    /// `body` wrapped in a closure that holds one token, counted when the closure (so the box holding it) is freed.
    func tracked<Result>(_ body: @escaping () -> Result) -> () -> Result {
        let token = Token(self)
        return { withExtendedLifetime(token) { body() } }
    }

    /// The same for a handler that takes an argument.
    func tracked<Argument, Result>(_ body: @escaping (Argument) -> Result) -> (Argument) -> Result {
        let token = Token(self)
        return { argument in withExtendedLifetime(token) { body(argument) } }
    }

    private final class Token {
        private let counter: ReleaseCounter
        init(_ counter: ReleaseCounter) { self.counter = counter }
        deinit { counter.count += 1 }
    }
}

/// Runs `body` with a new main context pushed as this thread's default, so the sources it makes
/// attach there and no other test's iterations dispatch them.
func withPrivateContext<T>(_ body: (OpaquePointer) throws -> T) rethrows -> T {
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
func iterate(_ context: OpaquePointer, until done: () -> Bool, within milliseconds: UInt32 = 5000) -> Bool {
    var expired = false
    let deadline = SourceHandle.timeout(milliseconds: milliseconds) { expired = true; return false }
    while !done() && !expired { g_main_context_iteration(context, 1) }
    deadline.cancel()
    return done()
}
