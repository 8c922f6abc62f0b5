import CGLib
import DoseCore
import Glibc

/// Dates and times for people in the user's locale (`LC_TIME`): weekday and month names, the 12- or
/// 24-hour clock. The one date formatter of `dose`'s human output and of the desktop app, which calls
/// `DateText.current.cardDate(date)` for a card and `weekdayAndDate` for a row.
///
/// Under C, C.UTF-8 and POSIX it writes what `dose` always wrote (`Mon 2026-11-30`, `15:28`); dates
/// in running text stay ISO 8601 (`--date` and `--from` take that form, so a printed date can be given
/// back). Every strftime call of Daily Dose is in this file. Machine output never comes here.
public final class DateText: @unchecked Sendable {
    // @unchecked: the locale object is never changed after `newlocale`, and strftime_l and
    // nl_langinfo_l only read it, from any thread.
    private let locale: locale_t?

    /// The process's locale, as `Localization.start()` took it from the environment.
    public static let current = DateText(locale: nil)

    private init(locale: locale_t?) {
        self.locale = locale
    }

    /// The time conventions of the locale called `name` (`de_DE.UTF-8`), whatever the process's
    /// locale; nil when that locale is not installed (`locale -a`).
    public convenience init?(localeNamed name: String) {
        guard let handle = newlocale(LC_TIME_MASK, name, nil) else { return nil }
        self.init(locale: handle)
    }

    deinit {
        if let locale { freelocale(locale) }
    }

    /// The abbreviated weekday: `Mon` (C), `Mo` (de).
    public func weekday(_ date: CivilDate) -> String {
        format("%a", date: date)
    }

    /// The weekday and the ISO date, for lines and headings: `Mon 2026-11-30` (C), `Mo 2026-11-30` (de).
    public func weekdayAndDate(_ date: CivilDate) -> String {
        weekday(date) + " " + date.description
    }

    /// A whole date with the weekday's and month's names, in the order the translation gives:
    /// `Monday, November 30, 2026` (C), `Montag, 30. November 2026` (de).
    public func cardDate(_ date: CivilDate) -> String {
        // TRANSLATORS: a date on the dose card, as strftime(3) formats it (%A weekday, %B month, %-d day
        // without a leading zero, %Y year); the names come from the user's locale. German: "%A, %-d. %B %Y".
        format(tr("%A, %B %-d, %Y"), date: date)
    }

    /// The whole weekday's name: `Monday` (C), `Montag` (de).
    public func fullWeekday(_ date: CivilDate) -> String {
        format("%A", date: date)
    }

    /// A date with the month's name and no weekday, in the order the translation gives: `November 30, 2026`
    /// (C), `30. November 2026` (de); the desktop app's Upcoming rows put the weekday beside it.
    public func longDate(_ date: CivilDate) -> String {
        // TRANSLATORS: a date without its weekday, as strftime(3) formats it (%B month, %-d day without a
        // leading zero, %Y year). German: "%-d. %B %Y".
        format(tr("%B %-d, %Y"), date: date)
    }

    /// True when the locale reads the clock in 12 hours (its `T_FMT` names an AM/PM hour: en_US).
    public var uses12HourClock: Bool {
        let native = langinfo(Int32(T_FMT))
        return ["%r", "%I", "%l", "%p"].contains { native.contains($0) }
    }

    /// A wall time to the minute: `15:28` on a 24-hour clock, `3:28 PM` on a 12-hour one.
    public func time(_ time: LocalTime) -> String {
        guard uses12HourClock else { return time.description }
        // The locale's AM/PM form without its seconds (`%I:%M:%S %p` → `%-I:%M %p`).
        var pattern = langinfo(Int32(T_FMT_AMPM))
        if pattern.isEmpty { pattern = "%I:%M %p" }
        pattern = pattern.replacing(":%S", with: "").replacing("%I", with: "%-I")
        return format(pattern, date: CivilDate(daysSinceEpoch: 0), hour: time.hour, minute: time.minute)
    }

    /// An instant as a person reads it, local to `zone`: `at 15:28`, `tomorrow at 7:00 AM`,
    /// `on 2026-12-03 at 15:28` (HumanTime's words and clock in the user's language and locale).
    public func describe(_ instant: Int64, now: Int64, zone: some ZoneRules) -> String {
        words(instant, now: now, zone: zone) { date, _ in date.description }
    }

    /// An instant for the desktop app, which shows no ISO date: `at 15:28`, `yesterday at 15:28`, `tomorrow at
    /// 7:00 AM`, `on December 1 at 15:28` (`am 1. Dezember um 15:28`), the year added outside `now`'s year.
    public func moment(_ instant: Int64, now: Int64, zone: some ZoneRules) -> String {
        words(instant, now: now, zone: zone) { date, today in
            date.daysSinceEpoch == today.daysSinceEpoch - 1 ? nil : dayAndMonth(date, sameYearAs: today)
        }
    }

    /// "at", "tomorrow at", then another day as `day` writes it (nil: yesterday).
    private func words(_ instant: Int64, now: Int64, zone: some ZoneRules, day: (CivilDate, CivilDate) -> String?) -> String {
        let (relative, wallTime) = HumanTime.local(instant, now: now, zone: zone)
        let clock = time(wallTime)
        switch relative {
        case .today: return tr("at {time}", ["time": clock])
        case .tomorrow: return tr("tomorrow at {time}", ["time": clock])
        case .other(let date):
            guard let written = day(date, zone.civilDate(at: now)) else { return tr("yesterday at {time}", ["time": clock]) }
            return tr("on {date} at {time}", ["date": written, "time": clock])
        }
    }

    /// A day by its month's name: `December 1` (`1. Dezember`), with the year when it is not `today`'s.
    public func dayAndMonth(_ date: CivilDate, sameYearAs today: CivilDate) -> String {
        guard date.year == today.year else { return longDate(date) }
        // TRANSLATORS: a day of this year, as strftime(3) formats it (%B month, %-d day without a leading zero).
        // German: "%-d. %B".
        return format(tr("%B %-d"), date: date)
    }

    /// `pattern` through strftime for `date` at `hour`:`minute`, with this locale's names.
    private func format(_ pattern: String, date: CivilDate, hour: Int = 0, minute: Int = 0) -> String {
        var fields = tm()
        fields.tm_year = Int32(clamping: date.year - 1900)
        fields.tm_mon = Int32(date.month - 1)
        fields.tm_mday = Int32(date.day)
        // 1970-01-01 was a Thursday (tm_wday 4, Sunday being 0).
        fields.tm_wday = Int32(((date.daysSinceEpoch + 4) % 7 + 7) % 7)
        fields.tm_hour = Int32(hour)
        fields.tm_min = Int32(minute)
        var buffer = [CChar](repeating: 0, count: 256)
        // 0 is also the length of an empty result (`%p` in German): the buffer holds any of our patterns.
        let count = locale.map { strftime_l(&buffer, buffer.count, pattern, &fields, $0) }
            ?? strftime(&buffer, buffer.count, pattern, &fields)
        return String(decoding: buffer[0..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// One of the locale's `nl_langinfo` strings.
    private func langinfo(_ item: Int32) -> String {
        let text = locale.map { nl_langinfo_l(nl_item(item), $0) } ?? nl_langinfo(nl_item(item))
        return text.map { String(cString: $0) } ?? ""
    }
}
