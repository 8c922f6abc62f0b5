/// A wall-clock reading in some zone: a civil date and a time of day to the second.
///
/// It names no zone and so is not an instant; `ZoneRules.localDateTime(at:)` makes one.
public struct LocalDateTime: Sendable, Hashable, Comparable, CustomStringConvertible {
    public let date: CivilDate
    /// 0–23.
    public let hour: Int
    /// 0–59.
    public let minute: Int
    /// 0–59; leap seconds are not represented (Unix time has none).
    public let second: Int

    /// Builds a reading, or nil when a field of the time is out of range.
    public init?(date: CivilDate, hour: Int, minute: Int, second: Int = 0) {
        guard (0...23).contains(hour), (0...59).contains(minute), (0...59).contains(second) else { return nil }
        self.init(checkedDate: date, hour: hour, minute: minute, second: second)
    }

    /// For callers that derived the fields by division and so know them in range.
    init(checkedDate date: CivilDate, hour: Int, minute: Int, second: Int) {
        self.date = date
        self.hour = hour
        self.minute = minute
        self.second = second
    }

    /// The time of day to the minute, dropping the seconds.
    public var time: LocalTime {
        // Fields are range-checked on construction, so this cannot fail.
        LocalTime(hour: hour, minute: minute)!
    }

    /// `YYYY-MM-DDTHH:MM:SS`.
    public var description: String {
        func two(_ value: Int) -> String { (value < 10 ? "0" : "") + String(value) }
        return "\(date)T\(two(hour)):\(two(minute)):\(two(second))"
    }

    public static func < (lhs: LocalDateTime, rhs: LocalDateTime) -> Bool {
        (lhs.date, lhs.hour, lhs.minute, lhs.second) < (rhs.date, rhs.hour, rhs.minute, rhs.second)
    }
}
