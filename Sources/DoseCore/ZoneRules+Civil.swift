/// Civil-calendar readings of instants, and the instant of a wall-clock time, in any zone.
///
/// Everything here is derived from `utcOffset(at:)` alone, so it works the same for the
/// system zone and for the table-driven test doubles. Instants are assumed to lie within
/// a few hundred million years of 1970; beyond that the arithmetic would overflow.
extension ZoneRules {
    /// The wall-clock reading at an instant; instants before 1970 round towards the past.
    public func localDateTime(at instant: Int64) -> LocalDateTime {
        let local = instant + Int64(utcOffset(at: instant))
        let (days, secondOfDay) = zoneFloorDivide(local, 86_400)
        let date = zoneCivilFromDays(days)
        let seconds = Int(secondOfDay)
        return LocalDateTime(checkedDate: date, hour: seconds / 3600, minute: seconds / 60 % 60, second: seconds % 60)
    }

    /// The local calendar day an instant falls on.
    public func civilDate(at instant: Int64) -> CivilDate {
        let (days, _) = zoneFloorDivide(instant + Int64(utcOffset(at: instant)), 86_400)
        return zoneCivilFromDays(days)
    }

    /// The first instant of the local day `instant` falls on (its midnight, or the end of a gap over it).
    public func startOfDay(at instant: Int64) -> Int64 {
        firstInstant(on: civilDate(at: instant), at: LocalTime(hour: 0, minute: 0)!)
    }

    /// The earliest instant at which the wall clock reads `time` on `date`.
    ///
    /// - A wall time repeated when the clocks go back gives its first occurrence.
    /// - A wall time skipped when the clocks go forward gives the first instant after
    ///   the gap, which is the transition itself (02:30 on a 02:00→03:00 night gives
    ///   the instant the clock shows 03:00).
    public func firstInstant(on date: CivilDate, at time: LocalTime) -> Int64 {
        // The wall time read as if it were UTC; an instant t shows it when t + offset(t) == wall.
        let wall = zoneDaysFromCivil(date) * 86_400 + Int64(time.secondsIntoDay)

        // Offsets in force a day either side bracket any transition near the wall time.
        // Checking each candidate can reveal a further offset (two transitions close
        // together), which is added and checked in turn; real zones settle in one round.
        var offsets: [Int] = []
        var pending = [wall - 86_400, wall, wall + 86_400].map { utcOffset(at: $0) }
        var earliestValid: Int64?
        while let offset = pending.popLast() {
            guard !offsets.contains(offset) else { continue }
            offsets.append(offset)
            let candidate = wall - Int64(offset)
            let actual = utcOffset(at: candidate)
            if actual == offset {
                earliestValid = min(earliestValid ?? candidate, candidate)
            } else if offsets.count < 8 {
                pending.append(actual)
            }
        }
        if let earliestValid { return earliestValid }

        // A gap: no instant shows the wall time. Look for the first instant whose wall
        // clock has moved past it, between the candidates of the largest and smallest offsets.
        let showsLater = { (instant: Int64) -> Bool in instant + Int64(utcOffset(at: instant)) >= wall }
        var low = wall - Int64(offsets.max() ?? 0)
        var high = wall - Int64(offsets.min() ?? 0)
        if showsLater(low) { return low }
        if !showsLater(high) { return high }  // Only for rules that contradict themselves.
        while high - low > 1 {
            let middle = low + (high - low) / 2
            if showsLater(middle) { high = middle } else { low = middle }
        }
        return high
    }

    /// An RFC 3339 timestamp with the zone's offset, such as `2026-11-30T08:00:00+05:30`.
    ///
    /// An offset that is not a whole minute (only historical local mean times) gets a
    /// `:SS` suffix so that nothing is rounded away.
    public func iso8601(_ instant: Int64) -> String {
        let offset = utcOffset(at: instant)
        let magnitude = abs(offset)
        func two(_ value: Int) -> String { (value < 10 ? "0" : "") + String(value) }
        var suffix = (offset < 0 ? "-" : "+") + two(magnitude / 3600) + ":" + two(magnitude / 60 % 60)
        if magnitude % 60 != 0 { suffix += ":" + two(magnitude % 60) }
        return localDateTime(at: instant).description + suffix
    }
}

/// Quotient rounded towards negative infinity, and the matching non-negative remainder.
fileprivate func zoneFloorDivide(_ value: Int64, _ divisor: Int64) -> (quotient: Int64, remainder: Int64) {
    let quotient = value / divisor - (value % divisor < 0 ? 1 : 0)
    return (quotient, value - quotient * divisor)
}

// Day counts below are relative to 1970-01-01 and work in 400-year eras, each exactly
// 146_097 days, over a year that starts on 1 March so that the leap day comes last.

/// Days from 1970-01-01 to a civil date (negative before it).
fileprivate func zoneDaysFromCivil(_ date: CivilDate) -> Int64 {
    let year = Int64(date.month <= 2 ? date.year - 1 : date.year)
    let era = zoneFloorDivide(year, 400).quotient
    let yearOfEra = year - era * 400                                    // 0...399
    let shiftedMonth = Int64(date.month > 2 ? date.month - 3 : date.month + 9)  // March = 0
    let dayOfYear = (153 * shiftedMonth + 2) / 5 + Int64(date.day) - 1   // 0...365
    let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
    return era * 146_097 + dayOfEra - 719_468  // 719_468 days from 0000-03-01 to 1970-01-01
}

/// The civil date a number of days after 1970-01-01.
fileprivate func zoneCivilFromDays(_ days: Int64) -> CivilDate {
    let shifted = days + 719_468
    let era = zoneFloorDivide(shifted, 146_097).quotient
    let dayOfEra = shifted - era * 146_097                                           // 0...146_096
    let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
    let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)  // 0...365
    let shiftedMonth = (5 * dayOfYear + 2) / 153                                     // March = 0
    let day = Int(dayOfYear - (153 * shiftedMonth + 2) / 5 + 1)
    let month = Int(shiftedMonth < 10 ? shiftedMonth + 3 : shiftedMonth - 9)
    let year = Int(yearOfEra + era * 400) + (month <= 2 ? 1 : 0)
    // The arithmetic above only yields real dates.
    return CivilDate(year: year, month: month, day: day)!
}
