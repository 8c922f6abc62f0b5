import DoseCore

/// How the window writes a day: the one function every date on screen goes through, so the locale-aware
/// formatting (weekday and month names in the user's language) replaces it in one place.
public enum DayText {
    /// The weekday and the date of `date`, apart (the Upcoming list puts them in two columns).
    public static func format(_ date: CivilDate) -> (weekday: String, date: String) {
        let days = date.daysSinceEpoch % 7
        let weekday = weekdays[days < 0 ? days + 7 : days]
        return (weekday, "\(date.day) \(months[date.month - 1]) \(date.year)")
    }

    /// "Monday 30 November 2026", for the card.
    public static func long(_ date: CivilDate) -> String {
        let parts = format(date)
        return "\(parts.weekday) \(parts.date)"
    }

    // 1970-01-01 was a Thursday.
    private static let weekdays = ["Thursday", "Friday", "Saturday", "Sunday", "Monday", "Tuesday", "Wednesday"]
    private static let months = [
        "January", "February", "March", "April", "May", "June",
        "July", "August", "September", "October", "November", "December",
    ]
}
