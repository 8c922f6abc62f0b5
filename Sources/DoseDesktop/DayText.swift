import DoseCore
import DoseSystem

/// How the window writes a day: the one place every date on screen goes through, in the user's locale
/// (DoseSystem's `DateText`: weekday and month names from `LC_TIME`, the order from the translation).
public enum DayText {
    /// The weekday and the date of `date`, apart (the Upcoming list puts them in two columns).
    public static func format(_ date: CivilDate, in text: DateText = .current) -> (weekday: String, date: String) {
        (text.fullWeekday(date), text.longDate(date))
    }

    /// "Monday, November 30, 2026", for the card.
    public static func long(_ date: CivilDate, in text: DateText = .current) -> String {
        text.cardDate(date)
    }
}
