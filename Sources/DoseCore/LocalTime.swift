/// A wall-clock time of day to the minute, such as a `notify-time` of `07:30`.
///
/// Parsing is strict: `HH:MM` or `H:MM` (a one-digit hour, as people write `7:30`), two digits of
/// minute, so `24:00`, `7:5` and `07:00:00` are rejected rather than guessed at, because a repaired
/// value hides a typo in the config file. It prints canonical `07:30`.
public struct LocalTime: Sendable, Hashable, Comparable, CustomStringConvertible {
    /// 0–23.
    public let hour: Int
    /// 0–59.
    public let minute: Int

    /// Builds a time, or nil when the hour is outside 0–23 or the minute outside 0–59.
    public init?(hour: Int, minute: Int) {
        guard (0...23).contains(hour), (0...59).contains(minute) else { return nil }
        self.hour = hour
        self.minute = minute
    }

    /// Accepts `HH:MM` or `H:MM` in ASCII digits (hour 0–23, minute 00–59): no spaces, no seconds,
    /// no sign, always two digits of minute.
    public init?(parsing text: String) {
        var bytes = Array(text.utf8)
        if bytes.count == 4 { bytes.insert(UInt8(ascii: "0"), at: 0) }
        guard bytes.count == 5, bytes[2] == UInt8(ascii: ":") else { return nil }
        func digit(_ byte: UInt8) -> Int? {
            (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) ? Int(byte - UInt8(ascii: "0")) : nil
        }
        guard let h1 = digit(bytes[0]), let h2 = digit(bytes[1]),
              let m1 = digit(bytes[3]), let m2 = digit(bytes[4]) else { return nil }
        self.init(hour: h1 * 10 + h2, minute: m1 * 10 + m2)
    }

    /// Seconds from the start of a day at which this wall time is read, 0–86340.
    public var secondsIntoDay: Int { hour * 3600 + minute * 60 }

    /// Canonical `HH:MM` (`07:30`, never `7:30`), a form `init(parsing:)` accepts.
    public var description: String {
        (hour < 10 ? "0" : "") + String(hour) + ":" + (minute < 10 ? "0" : "") + String(minute)
    }

    public static func < (lhs: LocalTime, rhs: LocalTime) -> Bool {
        (lhs.hour, lhs.minute) < (rhs.hour, rhs.minute)
    }
}
