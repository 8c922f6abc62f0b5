/// The rule deciding when the daily notification fires: once per local calendar day.
///
/// The rule is stateless apart from the stamp `lastFired` (the last day notified), so
/// the scheduler can call it after any wake-up — timer, clock set, resume, zone or config
/// change — and get the same answer for the same inputs.
///
/// - A day's notification is due from the first instant its wall clock shows the
///   notify-time (`ZoneRules.firstInstant`): a time skipped by a spring-forward fires at
///   the end of the gap, a time repeated in the autumn fires at its first occurrence.
/// - A notification missed while the machine was off or asleep fires once when the
///   scheduler next runs on that same local day (like systemd's `Persistent=true`);
///   missed earlier days are dropped, never caught up.
/// - No day on or before `lastFired` fires again, so a restart, a repeated hour or a clock
///   set back does not notify twice. A stamp more than `stampHorizonDays` after today
///   is taken to have been written under a wrong clock and is ignored, so one bad clock
///   cannot silence the notifier until that date.
public enum FirePlanner {
    /// The longest the scheduler sleeps before planning again, whatever happens.
    public static let replanInterval: Int64 = 6 * 3600

    /// How many days ahead of today a `lastFired` stamp is still honoured.
    ///
    /// Two days covers a clock set back across a day boundary and a move between the
    /// zones on either side of the date line (local dates differ by up to two there).
    public static let stampHorizonDays = 2

    /// Decides what to do at `now` for a daily notification at `notifyTime` in `zone`.
    ///
    /// - Parameter lastFired: the last local day notified, or nil if never.
    public static func plan(now: Int64, zone: some ZoneRules, notifyTime: LocalTime, lastFired: CivilDate?) -> FirePlan {
        let today = zone.civilDate(at: now)
        let day = firstUnfiredDay(today: today, lastFired: lastFired)
        let fireAt = zone.firstInstant(on: day, at: notifyTime)
        // `day` is never before today, so the only due time reached is today's (or, in a zone
        // whose clock went back across midnight, tomorrow's first occurrence, also due).
        if now >= fireAt {
            return FirePlan(action: .fireNow, day: day, fireAt: fireAt, wakeAt: now)
        }
        return FirePlan(action: .armed, day: day, fireAt: fireAt, wakeAt: min(fireAt, now + replanInterval))
    }

    /// The earliest local day, from today on, that may still be notified.
    ///
    /// Today, unless the stamp says today or a later day (within the horizon) was done.
    public static func firstUnfiredDay(today: CivilDate, lastFired: CivilDate?) -> CivilDate {
        guard let lastFired, lastFired >= today else { return today }
        var horizon = today
        for _ in 0..<stampHorizonDays { horizon = plannerDayAfter(horizon) }
        return lastFired > horizon ? today : plannerDayAfter(lastFired)
    }
}

/// The civil day after `date`, by the calendar rather than by adding 86 400 seconds
/// (days in zones with daylight saving last 23 or 25 hours).
fileprivate func plannerDayAfter(_ date: CivilDate) -> CivilDate {
    // Each fallback below is a real date, so the unwraps cannot fail.
    if let next = CivilDate(year: date.year, month: date.month, day: date.day + 1) { return next }
    if let next = CivilDate(year: date.year, month: date.month + 1, day: 1) { return next }
    return CivilDate(year: date.year + 1, month: 1, day: 1)!
}
