/// The fixed shuffle that walks a kind's items one step per cycle.
///
/// A home-grown 31-bit linear congruential generator seeded with the pool size alone,
/// driving a Fisher–Yates shuffle. It is written out rather than borrowed from a
/// library so that every build, on every platform, produces the same sequence:
/// the card and the notification must agree to the byte.
public enum Shuffle {
    private static let multiplier: UInt64 = 1_103_515_245
    private static let increment: UInt64 = 12_345
    private static let modulusMask: UInt64 = (1 << 31) - 1
    /// The inverse of `multiplier` modulo 2^31, which lets `index(ofCycle:poolSize:)`
    /// run the generator backwards instead of storing the whole permutation.
    static let inverseMultiplier: UInt64 = 1_857_678_181

    /// The permutation of `0..<n` for a pool of `n` items; empty when `n <= 0`.
    public static func permutation(_ n: Int) -> [Int] {
        guard n > 0 else { return [] }
        var order = Array(0..<n)
        var state = seed(n)
        var i = n - 1
        while i >= 1 {
            state = next(state)
            order.swapAt(i, partner(of: i, state: state))
            i -= 1
        }
        return order
    }

    /// `permutation(n)[cycle mod n]`, with a floor modulo so negative cycles wrap.
    ///
    /// Runs in O(n) time and O(1) memory: it advances the generator to its last state,
    /// then replays the swaps backwards tracking where the wanted slot's value came from.
    /// - Precondition: `n > 0`.
    public static func index(ofCycle cycle: Int, poolSize n: Int) -> Int {
        precondition(n > 0, "a shuffle needs at least one item")
        var position = cycle.floorModulo(n)
        guard n > 1 else { return position }
        var state = seed(n)
        for _ in 1..<n { state = next(state) }
        // The last swap (i == 1) used the final state; walk i upward, stepping the state back.
        for i in 1..<n {
            let j = partner(of: i, state: state)
            if position == i {
                position = j
            } else if position == j {
                position = i
            }
            state = previous(state)
        }
        // The permutation starts as the identity, so the original slot is the value.
        return position
    }

    /// The generator's starting state: the pool size, reduced as the first step would be.
    private static func seed(_ n: Int) -> UInt64 {
        // Only the low 31 bits ever matter, because every step reduces modulo 2^31.
        UInt64(truncatingIfNeeded: n) & modulusMask
    }

    /// One step: `(1103515245 * state + 12345) mod 2^31`.
    private static func next(_ state: UInt64) -> UInt64 {
        (multiplier &* state &+ increment) & modulusMask
    }

    /// The step undone: the state that `next` turned into `state`.
    private static func previous(_ state: UInt64) -> UInt64 {
        (inverseMultiplier &* ((state &- increment) & modulusMask)) & modulusMask
    }

    /// `(state * (i + 1)) >> 31`: the high bits pick the swap partner in `0...i`.
    private static func partner(of i: Int, state: UInt64) -> Int {
        let width = UInt64(truncatingIfNeeded: i + 1)
        // state < 2^31, so the product fits 64 bits for any pool below 2^33 items;
        // larger (theoretical) pools take the full-width product.
        guard width <= (1 << 33) else {
            let (high, low) = state.multipliedFullWidth(by: width)
            return Int(truncatingIfNeeded: (high << 33) | (low >> 31))
        }
        return Int(truncatingIfNeeded: (state &* width) >> 31)
    }
}
