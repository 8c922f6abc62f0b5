/// A zone given as a table of offset changes, so tests can model daylight saving without tz data.
///
/// Before the first transition `initialOffset` applies; from each transition's instant
/// (inclusive) its offset applies until the next one.
public struct TransitionTableZone: ZoneRules, Hashable {
    /// One change of offset.
    public struct Transition: Sendable, Hashable {
        /// The Unix instant from which `offset` applies.
        public let instant: Int64
        /// Seconds east of UTC from `instant` on.
        public let offset: Int

        public init(instant: Int64, offset: Int) {
            self.instant = instant
            self.offset = offset
        }
    }

    public let initialOffset: Int
    /// In strictly increasing order of instant.
    public let transitions: [Transition]

    /// Builds a table; the transitions must be in strictly increasing order of instant.
    public init(initialOffset: Int, transitions: [Transition]) {
        // Two changes at one instant, or out of order, would make the table ambiguous.
        for index in transitions.indices.dropFirst() {
            precondition(transitions[index - 1].instant < transitions[index].instant,
                         "TransitionTableZone: transition \(index) is not after transition \(index - 1)")
        }
        self.initialOffset = initialOffset
        self.transitions = transitions
    }

    /// Shorthand for `(instant, offset)` pairs.
    public init(initialOffset: Int, _ pairs: [(Int64, Int)]) {
        self.init(initialOffset: initialOffset, transitions: pairs.map { Transition(instant: $0.0, offset: $0.1) })
    }

    public func utcOffset(at instant: Int64) -> Int {
        // Binary search for the number of transitions at or before `instant`.
        var low = 0
        var high = transitions.count
        while low < high {
            let middle = (low + high) / 2
            if transitions[middle].instant <= instant { low = middle + 1 } else { high = middle }
        }
        return low == 0 ? initialOffset : transitions[low - 1].offset
    }
}
