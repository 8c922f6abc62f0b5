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
