/// The order a quiz question's choices are shown in, drawn afresh on every attempt.
///
/// SplitMix64 driving a Fisher–Yates shuffle, both written out so that a seed gives the same orders
/// in every build: the caller injects the seed (random in use, fixed in tests), and the right answer
/// is tracked by its index into the question's choices, never by the letter it is shown under.
public struct ChoiceShuffle: Sendable {
    private var state: UInt64

    public init(seed: UInt64) {
        state = seed
    }

    /// The next 64 random bits (SplitMix64).
    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// A permutation of `0..<count`: position i shows choice `order[i]`.
    public mutating func order(_ count: Int) -> [Int] {
        var order = Array(0..<max(0, count))
        var i = order.count - 1
        while i > 0 {
            // Rejection keeps every partner equally likely.
            let bound = UInt64(i + 1)
            let limit = UInt64.max - UInt64.max % bound
            var draw = next()
            while draw >= limit { draw = next() }
            order.swapAt(i, Int(draw % bound))
            i -= 1
        }
        return order
    }
}
