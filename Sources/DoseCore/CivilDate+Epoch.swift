/// Day counting from the Unix epoch, and strict ISO parsing.
///
/// The arithmetic works on years that start in March, so the leap day is the last
/// day of its year and month lengths follow a fixed pattern; it uses whole-day
/// arithmetic only, never seconds, so no time zone or leap second can leak in.
extension CivilDate {
    /// Days in a 400-year Gregorian era: 400 * 365 + 97 leap days.
    private static let daysPerEra = 146_097
    /// Days from 0000-03-01 (the start of a March-based era) to 1970-01-01.
    private static let epochOffset = 719_468

    /// Days from 1970-01-01 to this date; negative before 1970.
    ///
    /// Years beyond about ±10^15 overflow `Int` and trap.
    public var daysSinceEpoch: Int {
        // January and February belong to the previous March-based year.
        let marchYear = month <= 2 ? year - 1 : year
        let era = marchYear.floorDivided(by: 400)
        let yearOfEra = marchYear - era * 400  // 0...399
        let monthFromMarch = (month + 9) % 12  // March 0 ... February 11
        // Month lengths from March repeat 31,30,31,30,31 which (153 * m + 2) / 5 sums exactly.
        let dayOfYear = (153 * monthFromMarch + 2) / 5 + day - 1  // 0...365
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * CivilDate.daysPerEra + dayOfEra - CivilDate.epochOffset
    }

    /// The date `daysSinceEpoch` days after 1970-01-01 (before it when negative).
    public init(daysSinceEpoch: Int) {
        let shifted = daysSinceEpoch + CivilDate.epochOffset
        let era = shifted.floorDivided(by: CivilDate.daysPerEra)
        let dayOfEra = shifted - era * CivilDate.daysPerEra  // 0...146096
        // Remove the leap days seen so far so that a plain division by 365 gives the year.
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let monthFromMarch = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * monthFromMarch + 2) / 5 + 1
        let month = monthFromMarch < 10 ? monthFromMarch + 3 : monthFromMarch - 9
        self.year = era * 400 + yearOfEra + (month <= 2 ? 1 : 0)
        self.month = month
        self.day = day
    }

    /// The date `days` days later (earlier when negative).
    public func adding(days: Int) -> CivilDate {
        CivilDate(daysSinceEpoch: daysSinceEpoch + days)
    }

    /// Parses exactly `YYYY-MM-DD`: ten ASCII characters, a real calendar day.
    ///
    /// Nothing is trimmed or repaired: no sign, no spaces, no short fields, no time part.
    /// Year `0000` is accepted, as ISO 8601 does for 1 BC.
    public init?(iso text: String) {
        let bytes = Array(text.utf8)
        guard bytes.count == 10, bytes[4] == UInt8(ascii: "-"), bytes[7] == UInt8(ascii: "-") else {
            return nil
        }
        func number(_ range: Range<Int>) -> Int? {
            var value = 0
            for byte in bytes[range] {
                guard byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") else { return nil }
                value = value * 10 + Int(byte - UInt8(ascii: "0"))
            }
            return value
        }
        guard let year = number(0..<4), let month = number(5..<7), let day = number(8..<10) else {
            return nil
        }
        self.init(year: year, month: month, day: day)
    }
}
