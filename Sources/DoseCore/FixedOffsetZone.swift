/// A zone whose offset never changes, such as UTC or Asia/Kolkata (+05:30).
public struct FixedOffsetZone: ZoneRules, Hashable {
    /// Seconds east of UTC.
    public let offset: Int

    /// Coordinated Universal Time.
    public static let utc = FixedOffsetZone(offset: 0)

    public init(offset: Int) {
        self.offset = offset
    }

    public func utcOffset(at instant: Int64) -> Int { offset }
}
