import DoseCore

/// Offset tables for real zones, valid from 2025-01-01 to 2028-01-01 UTC.
///
/// Every instant and offset here was cross-checked with Python's zoneinfo
/// (`python3 -c "from zoneinfo import ZoneInfo ..."`, scanning 2025–2027 for offset
/// changes and bisecting each to the second), so the tests need no tz database.
enum ZoneFixtures {
    static let hour = 3600

    /// GMT +00:00 / BST +01:00; changes at 01:00 UTC.
    static let london = TransitionTableZone(initialOffset: 0, [
        (1_743_296_400, 3600),  // 2025-03-30T01:00Z
        (1_761_440_400, 0),     // 2025-10-26T01:00Z
        (1_774_746_000, 3600),  // 2026-03-29T01:00Z: 01:00 GMT -> 02:00 BST
        (1_792_890_000, 0),     // 2026-10-25T01:00Z: 02:00 BST -> 01:00 GMT
        (1_806_195_600, 3600),  // 2027-03-28T01:00Z
        (1_824_944_400, 0),     // 2027-10-31T01:00Z
    ])

    /// EST -05:00 / EDT -04:00; changes at 02:00 local.
    static let newYork = TransitionTableZone(initialOffset: -18_000, [
        (1_741_503_600, -14_400),  // 2025-03-09T07:00Z
        (1_762_063_200, -18_000),  // 2025-11-02T06:00Z
        (1_772_953_200, -14_400),  // 2026-03-08T07:00Z: 02:00 EST -> 03:00 EDT
        (1_793_512_800, -18_000),  // 2026-11-01T06:00Z: 02:00 EDT -> 01:00 EST
        (1_805_007_600, -14_400),  // 2027-03-14T07:00Z
        (1_825_567_200, -18_000),  // 2027-11-07T06:00Z
    ])

    /// +10:30 standard / +11:00 summer: a 30-minute shift at 02:00 local.
    static let lordHowe = TransitionTableZone(initialOffset: 39_600, [
        (1_743_865_200, 37_800),  // 2025-04-05T15:00Z
        (1_759_591_800, 39_600),  // 2025-10-04T15:30Z
        (1_775_314_800, 37_800),  // 2026-04-04T15:00Z: 2026-04-05 02:00 +11:00 -> 01:30 +10:30
        (1_791_041_400, 39_600),  // 2026-10-03T15:30Z: 2026-10-04 02:00 +10:30 -> 02:30 +11:00
        (1_806_764_400, 37_800),  // 2027-04-03T15:00Z
        (1_822_491_000, 39_600),  // 2027-10-02T15:30Z
    ])

    /// +05:30 all year, as a table with no transitions.
    static let kolkata = TransitionTableZone(initialOffset: 19_800, [])

    /// +12:45 standard / +13:45 summer: a 45-minute offset, changes at 02:45 standard.
    static let chatham = TransitionTableZone(initialOffset: 49_500, [
        (1_743_861_600, 45_900),  // 2025-04-05T14:00Z
        (1_758_981_600, 49_500),  // 2025-09-27T14:00Z
        (1_775_311_200, 45_900),  // 2026-04-04T14:00Z: 2026-04-05 03:45 +13:45 -> 02:45 +12:45
        (1_790_431_200, 49_500),  // 2026-09-26T14:00Z: 2026-09-27 02:45 +12:45 -> 03:45 +13:45
        (1_806_760_800, 45_900),  // 2027-04-03T14:00Z
        (1_821_880_800, 49_500),  // 2027-09-25T14:00Z
    ])

    /// A made-up zone that springs forward at local midnight (-03:00 -> -02:00 on
    /// 2026-11-01, so that day starts at 01:00) and falls back at midnight
    /// (-02:00 -> -03:00 on 2027-02-21, repeating 23:00–24:00 of 2027-02-20), as
    /// some South American zones have done.
    static let midnightShift = TransitionTableZone(initialOffset: -10_800, [
        (1_793_502_000, -7200),   // 2026-11-01T03:00Z = 00:00 -03:00
        (1_803_175_200, -10_800), // 2027-02-21T02:00Z = 00:00 -02:00
    ])

    /// A made-up zone whose clocks go back across midnight: at 00:30 -02:00 on 2026-11-01
    /// they return to 23:30 -03:00 on 2026-10-31, so the local date goes backwards.
    static let backAcrossMidnight = TransitionTableZone(initialOffset: -7200, [
        (1_793_500_200, -10_800),  // 2026-11-01T02:30Z
    ])

    /// The real zones, named, for tests that sweep them all.
    static let all: [(name: String, zone: TransitionTableZone)] = [
        ("Europe/London", london), ("America/New_York", newYork), ("Australia/Lord_Howe", lordHowe),
        ("Asia/Kolkata", kolkata), ("Pacific/Chatham", chatham),
    ]

    /// Shorthand for a date known to exist.
    static func date(_ year: Int, _ month: Int, _ day: Int) -> CivilDate {
        CivilDate(year: year, month: month, day: day)!
    }

    /// Shorthand for a time known to exist.
    static func time(_ hour: Int, _ minute: Int) -> LocalTime {
        LocalTime(hour: hour, minute: minute)!
    }
}
