/// The low-speed rule as an instant: when a hop that moves nothing more will have been too slow too long.
///
/// A hop is too slow once fewer than `bytesPerSecond × seconds` bytes crossed its connection in the last
/// `seconds` seconds, counting from when the connection opened (libcurl's own rule starts there too).
/// From what moved and when, `deadline` is the instant at which that holds if nothing more comes, so a
/// driver arms one timer for it; libcurl's `CURLOPT_LOW_SPEED_*` instead wakes the process every second
/// to look. Arrivals within a sixteenth of the window of an entry's first share that entry, stamped with
/// the latest time, so the rule never ends a hop early (at most that much late) and keeps about 17 entries.
/// Times are microseconds on the monotonic clock, passed in.
struct StallWatch: Equatable {
    /// Bytes that moved from `first` to `at`, counted as if all at `at`.
    private struct Arrival: Equatable {
        let first: Int64
        var at: Int64
        var bytes: Int
    }

    /// The bytes a window must hold; 0 when the rule is off (a zero limit or time, as libcurl reads them).
    private let needed: Int
    private let window: Int64
    /// When the connection was first seen open; nil before.
    private var opened: Int64?
    /// Every byte seen so far, to tell what moved since the last look.
    private var moved = 0
    /// Oldest first; none older than the window at the last look.
    private var arrivals: [Arrival] = []

    init(bytesPerSecond: Int, seconds: Int) {
        let on = bytesPerSecond > 0 && seconds > 0
        needed = on ? bytesPerSecond * seconds : 0
        window = on ? Int64(seconds) * 1_000_000 : 0
    }

    /// Takes a look at the hop: whether its connection is open and how many bytes moved in all so far.
    mutating func observe(connected: Bool, moved total: Int, at now: Int64) {
        guard needed > 0, connected else { return }
        if opened == nil { opened = now }
        let fresh = total - moved
        moved = total
        // Out of this window is out of every later one.
        arrivals.removeAll { $0.at <= now - window }
        guard fresh > 0 else { return }
        // An entry's span is bounded from its first arrival: a steady trickle must not keep one entry young for good.
        if let last = arrivals.indices.last, now - arrivals[last].first < window / 16 {
            arrivals[last].bytes += fresh
            arrivals[last].at = now
        } else {
            arrivals.append(Arrival(first: now, at: now, bytes: fresh))
        }
    }

    /// The instant the hop is too slow if nothing more moves; nil while the rule is off or the connection not open.
    var deadline: Int64? {
        guard needed > 0, let opened else { return nil }
        // The window holds enough until the newest entries that make up `needed` leave it.
        var held = 0
        for arrival in arrivals.reversed() {
            held += arrival.bytes
            if held >= needed { return arrival.at + window }
        }
        return opened + window
    }

    /// Whether the hop is too slow at `now`.
    func isStalled(at now: Int64) -> Bool {
        deadline.map { now >= $0 } ?? false
    }
}
