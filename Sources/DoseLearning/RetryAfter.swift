/// Parses an HTTP `Retry-After` value: delay-seconds, or an HTTP date (RFC 9110 §10.2.3).
public enum RetryAfter {
    /// The wait in seconds from `now`, or nil when the value is neither form.
    ///
    /// A date in the past means "now" (0). All three HTTP date forms are read: IMF-fixdate
    /// (`Sun, 06 Nov 1994 08:49:37 GMT`), RFC 850 (`Sunday, 06-Nov-94 08:49:37 GMT`) and asctime
    /// (`Sun Nov  6 08:49:37 1994`).
    public static func seconds(_ value: String, now: Int64) -> Int64? {
        let text = value.trimmingCharacters(where: { $0 == " " || $0 == "\t" })
        if !text.isEmpty, text.utf8.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }) {
            // Absurdly long numbers saturate instead of overflowing.
            return text.count > 12 ? Int64(999_999_999_999) : Int64(text)
        }
        guard let date = httpDate(text) else { return nil }
        return max(0, date - now)
    }

    /// An HTTP date as Unix seconds, or nil.
    static func httpDate(_ text: String) -> Int64? {
        let words = text.split(separator: " ", omittingEmptySubsequences: true).map(String.init)
        var day: Int?
        var month: Int?
        var year: Int?
        var clock: String?
        if words.count == 6, words[0].hasSuffix(","), words[5] == "GMT" {
            // IMF-fixdate: Sun, 06 Nov 1994 08:49:37 GMT
            day = Int(words[1])
            month = monthNumber(words[2])
            year = words[3].count == 4 ? Int(words[3]) : nil
            clock = words[4]
        } else if words.count == 4, words[0].hasSuffix(","), words[3] == "GMT" {
            // RFC 850: Sunday, 06-Nov-94 08:49:37 GMT (two-digit years: 70–99 → 19xx)
            let parts = words[1].split(separator: "-").map(String.init)
            guard parts.count == 3, let short = Int(parts[2]), parts[2].count == 2 else { return nil }
            day = Int(parts[0])
            month = monthNumber(parts[1])
            year = short >= 70 ? 1900 + short : 2000 + short
            clock = words[2]
        } else if words.count == 5 {
            // asctime: Sun Nov  6 08:49:37 1994
            month = monthNumber(words[1])
            day = Int(words[2])
            clock = words[3]
            year = words[4].count == 4 ? Int(words[4]) : nil
        }
        guard let day, let month, let year, let clock else { return nil }
        let hms = clock.split(separator: ":").map { Int($0) }
        guard hms.count == 3, let hour = hms[0], let minute = hms[1], let second = hms[2],
            (0...23).contains(hour), (0...59).contains(minute), (0...60).contains(second),
            (1...31).contains(day), (1...9999).contains(year)
        else { return nil }
        return daysFromCivil(year: year, month: month, day: day) * 86_400
            + Int64(hour * 3600 + minute * 60 + second)
    }

    private static func monthNumber(_ name: String) -> Int? {
        let names = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]
        return names.firstIndex(of: name).map { $0 + 1 }
    }

    /// Days since 1970-01-01 of a proleptic Gregorian date (Howard Hinnant's algorithm).
    private static func daysFromCivil(year: Int, month: Int, day: Int) -> Int64 {
        let y = Int64(month <= 2 ? year - 1 : year)
        let era = (y >= 0 ? y : y - 399) / 400
        let yoe = y - era * 400
        let m = Int64(month)
        let doy = (153 * (m > 2 ? m - 3 : m + 9) + 2) / 5 + Int64(day) - 1
        let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy
        return era * 146_097 + doe - 719_468
    }
}
