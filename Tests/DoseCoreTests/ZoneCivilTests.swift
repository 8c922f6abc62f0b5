import DoseCore
import DoseTestSupport
import Testing

/// Civil readings, first instants and ISO 8601 output of `ZoneRules`.
///
/// Expected instants of wall times were computed independently with Python's zoneinfo
/// by scanning every minute around the wall time (first match, else first later reading).
@Suite(.timeLimit(.minutes(5)), .watched) struct ZoneCivilTests {
    typealias F = ZoneFixtures

    @Test func readsUTCIncludingBeforeTheEpoch() {
        let utc = FixedOffsetZone.utc
        #expect(utc.localDateTime(at: 0).description == "1970-01-01T00:00:00")
        #expect(utc.localDateTime(at: -1).description == "1969-12-31T23:59:59")
        #expect(utc.localDateTime(at: -86_400).description == "1969-12-31T00:00:00")
        #expect(utc.localDateTime(at: -86_401).description == "1969-12-30T23:59:59")
        #expect(utc.localDateTime(at: -2_208_988_800).description == "1900-01-01T00:00:00")
        #expect(utc.localDateTime(at: -11_670_912_000).description == "1600-03-01T00:00:00")
        #expect(utc.localDateTime(at: 951_825_600).description == "2000-02-29T12:00:00")
        #expect(utc.civilDate(at: -1) == F.date(1969, 12, 31))
    }

    @Test func dayCountsRoundTripFor1600To2400() {
        // Walk every day by calendar succession and check each midnight is 86 400 s after the last.
        let utc = FixedOffsetZone.utc
        var date = F.date(1600, 1, 1)
        var expected = utc.firstInstant(on: date, at: F.time(0, 0))
        #expect(expected == -11_676_096_000)
        while date.year < 2400 {
            #expect(utc.firstInstant(on: date, at: F.time(0, 0)) == expected)
            #expect(utc.civilDate(at: expected) == date)
            #expect(utc.civilDate(at: expected + 86_399) == date)
            date = nextDay(date)
            expected += 86_400
        }
    }

    @Test func readsLocalTimeWithOffsets() {
        #expect(F.london.localDateTime(at: 1_774_745_999).description == "2026-03-29T00:59:59")
        #expect(F.london.localDateTime(at: 1_774_746_000).description == "2026-03-29T02:00:00")
        #expect(F.kolkata.localDateTime(at: 1_796_005_800).description == "2026-11-30T08:00:00")
        // Local date differs from the UTC date on either side.
        #expect(F.chatham.civilDate(at: 1_780_254_900 - 9 * 3600) == F.date(2026, 5, 31))
        #expect(F.newYork.civilDate(at: 1_798_779_540 + 60) == F.date(2027, 1, 1))
        #expect(F.newYork.civilDate(at: 1_798_779_540) == F.date(2026, 12, 31))
    }

    @Test(arguments: [
        // zone, y, m, d, h, min, expected instant
        ("Europe/London", 2026, 1, 15, 8, 0, Int64(1_768_464_000)),
        ("Europe/London", 2026, 6, 1, 8, 0, 1_780_297_200),
        ("Europe/London", 2026, 3, 29, 1, 30, 1_774_746_000),  // gap -> 02:00 BST
        ("Europe/London", 2026, 3, 29, 1, 0, 1_774_746_000),   // start of gap
        ("Europe/London", 2026, 3, 29, 2, 0, 1_774_746_000),   // first valid
        ("Europe/London", 2026, 10, 25, 1, 30, 1_792_888_200), // repeated: first (BST)
        ("Europe/London", 2026, 10, 25, 1, 0, 1_792_886_400),  // repeated: first (BST)
        ("Europe/London", 2026, 10, 25, 2, 0, 1_792_893_600),
        ("America/New_York", 2026, 3, 8, 2, 30, 1_772_953_200),  // gap -> 03:00 EDT
        ("America/New_York", 2026, 11, 1, 1, 30, 1_793_511_000), // repeated: first (EDT)
        ("America/New_York", 2026, 7, 4, 8, 0, 1_783_166_400),
        ("America/New_York", 2026, 12, 31, 23, 59, 1_798_779_540),
        ("Australia/Lord_Howe", 2026, 10, 4, 2, 15, 1_791_041_400), // gap -> 02:30 +11:00
        ("Australia/Lord_Howe", 2026, 10, 4, 2, 0, 1_791_041_400),
        ("Australia/Lord_Howe", 2026, 10, 4, 2, 30, 1_791_041_400),
        ("Australia/Lord_Howe", 2026, 4, 5, 1, 45, 1_775_313_900), // repeated: first (+11:00)
        ("Australia/Lord_Howe", 2026, 4, 5, 1, 30, 1_775_313_000),
        ("Australia/Lord_Howe", 2026, 4, 5, 2, 0, 1_775_316_600),
        ("Australia/Lord_Howe", 2026, 1, 1, 0, 0, 1_767_186_000),
        ("Asia/Kolkata", 2026, 11, 30, 8, 0, 1_796_005_800),
        ("Asia/Kolkata", 2026, 3, 29, 1, 30, 1_774_728_000),
        ("Pacific/Chatham", 2026, 9, 27, 3, 0, 1_790_431_200),  // gap -> 03:45 +13:45
        ("Pacific/Chatham", 2026, 4, 5, 3, 0, 1_775_308_500),   // repeated: first (+13:45)
        ("Pacific/Chatham", 2026, 4, 5, 2, 45, 1_775_307_600),
        ("Pacific/Chatham", 2026, 6, 1, 8, 0, 1_780_254_900),
    ])
    func firstInstantMatchesZoneinfo(
        zone: String, year: Int, month: Int, day: Int, hour: Int, minute: Int, expected: Int64
    ) throws {
        let rules = try #require(F.all.first { $0.name == zone }?.zone)
        #expect(rules.firstInstant(on: F.date(year, month, day), at: F.time(hour, minute)) == expected)
    }

    @Test func firstInstantWithTransitionsAtMidnight() {
        let zone = F.midnightShift
        // 2026-11-01 00:00 does not exist: the day starts at 01:00 -02:00.
        let start = zone.firstInstant(on: F.date(2026, 11, 1), at: F.time(0, 0))
        #expect(start == 1_793_502_000)
        #expect(zone.iso8601(start) == "2026-11-01T01:00:00-02:00")
        #expect(zone.civilDate(at: start - 1) == F.date(2026, 10, 31))
        #expect(zone.firstInstant(on: F.date(2026, 11, 1), at: F.time(0, 30)) == start)
        #expect(zone.firstInstant(on: F.date(2026, 11, 1), at: F.time(1, 0)) == start)
        #expect(zone.firstInstant(on: F.date(2026, 10, 31), at: F.time(23, 59)) == start - 60)
        // 2027-02-20 23:30 happens twice; the first is at -02:00.
        let first = zone.firstInstant(on: F.date(2027, 2, 20), at: F.time(23, 30))
        #expect(first == 1_803_175_200 - 1800)
        #expect(zone.iso8601(first) == "2027-02-20T23:30:00-02:00")
        #expect(zone.localDateTime(at: first + 3600).description == "2027-02-20T23:30:00")
        #expect(zone.firstInstant(on: F.date(2027, 2, 21), at: F.time(0, 0)) == 1_803_175_200 + 3600)
    }

    @Test func everyWallMinuteOfTransitionDaysIsReadBack() {
        // A wall time that exists must be shown by its first instant; one that does not
        // must map to an instant showing a later time, with no earlier instant doing so.
        for (name, zone) in F.all + [("midnight", F.midnightShift), ("back", F.backAcrossMidnight)] {
            for date in [F.date(2026, 3, 8), F.date(2026, 3, 29), F.date(2026, 4, 5), F.date(2026, 9, 27),
                         F.date(2026, 10, 4), F.date(2026, 10, 25), F.date(2026, 10, 31), F.date(2026, 11, 1), F.date(2027, 2, 20),
                         F.date(2027, 2, 21)] {
                for minuteOfDay in 0..<1440 {
                    let time = F.time(minuteOfDay / 60, minuteOfDay % 60)
                    let instant = zone.firstInstant(on: date, at: time)
                    let wanted = LocalDateTime(date: date, hour: time.hour, minute: time.minute)!
                    let shown = zone.localDateTime(at: instant)
                    #expect(shown >= wanted, "\(name) \(date) \(time)")
                    // Nothing just before shows the wall time or later.
                    if shown != wanted {
                        #expect(zone.localDateTime(at: instant - 1) < wanted, "\(name) \(date) \(time)")
                    } else {
                        #expect(zone.localDateTime(at: instant - 60) < wanted, "\(name) \(date) \(time)")
                        // Not a second occurrence: one shift earlier (the shifts used here) shows something else.
                        for shift: Int64 in [1800, 2700, 3600] {
                            #expect(zone.localDateTime(at: instant - shift) != wanted, "\(name) \(date) \(time)")
                        }
                    }
                }
            }
        }
    }

    @Test func iso8601Offsets() {
        #expect(FixedOffsetZone.utc.iso8601(1_796_025_600) == "2026-11-30T08:00:00+00:00")
        #expect(F.kolkata.iso8601(1_796_005_800) == "2026-11-30T08:00:00+05:30")
        #expect(F.newYork.iso8601(1_796_043_600) == "2026-11-30T08:00:00-05:00")
        #expect(F.lordHowe.iso8601(1_780_263_000) == "2026-06-01T08:00:00+10:30")
        #expect(F.chatham.iso8601(1_780_254_900) == "2026-06-01T08:00:00+12:45")
        #expect(F.chatham.iso8601(1_790_431_200) == "2026-09-27T03:45:00+13:45")
        #expect(F.london.iso8601(1_792_888_200) == "2026-10-25T01:30:00+01:00")
        #expect(F.london.iso8601(1_792_891_800) == "2026-10-25T01:30:00+00:00")
        #expect(FixedOffsetZone(offset: -3 * 3600 - 1800).iso8601(0) == "1969-12-31T20:30:00-03:30")
        // Local mean time of Amsterdam before 1937 was +00:19:32.
        #expect(FixedOffsetZone(offset: 1172).iso8601(0) == "1970-01-01T00:19:32+00:19:32")
        #expect(FixedOffsetZone(offset: -75).iso8601(0) == "1969-12-31T23:58:45-00:01:15")
    }

    @Test func transitionTableLookup() {
        let zone = TransitionTableZone(initialOffset: 1, [(10, 2), (20, 3)])
        #expect(zone.utcOffset(at: Int64.min) == 1)
        #expect(zone.utcOffset(at: 9) == 1)
        #expect(zone.utcOffset(at: 10) == 2)
        #expect(zone.utcOffset(at: 19) == 2)
        #expect(zone.utcOffset(at: 20) == 3)
        #expect(zone.utcOffset(at: Int64.max) == 3)
        #expect(TransitionTableZone(initialOffset: 7, []).utcOffset(at: 0) == 7)
    }

    private func nextDay(_ date: CivilDate) -> CivilDate {
        CivilDate(year: date.year, month: date.month, day: date.day + 1)
            ?? CivilDate(year: date.year, month: date.month + 1, day: 1)
            ?? F.date(date.year + 1, 1, 1)
    }
}
