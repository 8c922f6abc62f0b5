import DoseTestSupport
import Testing
@testable import DoseCore

/// Day counting and ISO parsing.
///
/// Golden values cross-checked with python3 (datetime.date subtraction from 1970-01-01
/// for years 1...9999, and a naive year-by-year day count outside that range):
/// 0000-01-01 -719528, 0000-02-29 -719469, -0001-12-31 -719529, -0400-03-01 -865565,
/// 0001-01-01 -719162, 1600-02-29 -135081, 1900-01-01 -25567, 1900-03-01 -25508,
/// 1969-01-01 -365, 1969-12-31 -1, 2000-01-01 10957, 2000-02-29 11016, 2000-03-01 11017,
/// 2024-12-31 20088, 9999-12-31 2932896, 10000-01-01 2932897.
@Suite(.timeLimit(.minutes(5)), .watched)
struct CivilDateEpochTests {
    static let golden: [(Int, Int, Int, Int)] = [
        (0, 1, 1, -719_528), (0, 2, 29, -719_469), (-1, 12, 31, -719_529), (-400, 3, 1, -865_565),
        (1, 1, 1, -719_162), (1600, 2, 29, -135_081), (1900, 1, 1, -25_567), (1900, 3, 1, -25_508),
        (1969, 1, 1, -365), (1969, 12, 30, -2), (1969, 12, 31, -1), (1970, 1, 1, 0), (1970, 1, 2, 1),
        (2000, 1, 1, 10_957), (2000, 2, 29, 11_016), (2000, 3, 1, 11_017), (2024, 12, 31, 20_088),
        (2026, 11, 29, 20_786), (2038, 1, 19, 24_855), (2100, 3, 1, 47_541),
        (9999, 12, 31, 2_932_896), (10000, 1, 1, 2_932_897),
    ]

    @Test func goldenDays() throws {
        for (year, month, day, expected) in Self.golden {
            let date = try #require(CivilDate(year: year, month: month, day: day))
            #expect(date.daysSinceEpoch == expected, "\(date)")
            #expect(CivilDate(daysSinceEpoch: expected) == date, "\(date)")
        }
    }

    /// Walks day by day across four centuries (including 1900 and 2100, which are not
    /// leap years, and 2000, which is) checking both directions agree with a calendar step.
    @Test func consecutiveDaysRoundTrip() throws {
        var date = try #require(CivilDate(year: 1899, month: 12, day: 31))
        var days = date.daysSinceEpoch
        for _ in 0..<(366 * 220) {
            let next: CivilDate
            if let sameMonth = CivilDate(year: date.year, month: date.month, day: date.day + 1) {
                next = sameMonth
            } else if let nextMonth = CivilDate(year: date.year, month: date.month + 1, day: 1) {
                next = nextMonth
            } else {
                next = try #require(CivilDate(year: date.year + 1, month: 1, day: 1))
            }
            days += 1
            #expect(next.daysSinceEpoch == days)
            #expect(CivilDate(daysSinceEpoch: days) == next)
            date = next
        }
        #expect(date.year == 2120)
    }

    @Test func roundTripFarFromEpoch() {
        for days in stride(from: -3_000_000, through: 3_000_000, by: 997) {
            #expect(CivilDate(daysSinceEpoch: days).daysSinceEpoch == days)
        }
    }

    @Test func addingDays() throws {
        let leapDay = try #require(CivilDate(iso: "2000-02-29"))
        #expect(leapDay.adding(days: 1) == CivilDate(year: 2000, month: 3, day: 1))
        #expect(leapDay.adding(days: -60) == CivilDate(year: 1999, month: 12, day: 31))
        #expect(leapDay.adding(days: 366) == CivilDate(year: 2001, month: 3, day: 1))
        #expect(leapDay.adding(days: 0) == leapDay)
        let epoch = try #require(CivilDate(iso: "1970-01-01"))
        #expect(epoch.adding(days: -1) == CivilDate(year: 1969, month: 12, day: 31))
    }

    @Test func parsesStrictISO() {
        #expect(CivilDate(iso: "2026-11-29") == CivilDate(year: 2026, month: 11, day: 29))
        #expect(CivilDate(iso: "2000-02-29") == CivilDate(year: 2000, month: 2, day: 29))
        #expect(CivilDate(iso: "0000-01-01") == CivilDate(year: 0, month: 1, day: 1))
        #expect(CivilDate(iso: "9999-12-31") == CivilDate(year: 9999, month: 12, day: 31))
    }

    @Test(arguments: [
        "", "2026-1-29", "2026-11-9", "26-11-29", "02026-11-29", " 2026-11-29", "2026-11-29 ",
        "+2026-11-29", "-2026-11-29", "2026/11/29", "2026-11-29T00:00", "2026-13-01", "2026-00-10",
        "2026-02-29", "1900-02-29", "2026-04-31", "2026-11-00", "2026-1a-29", "２０２６-11-29",
        "2026-11-2\u{0661}", "2026-+1-29", "2026--1-29", "20261129",
    ])
    func rejectsAnythingElse(text: String) {
        #expect(CivilDate(iso: text) == nil)
    }

    @Test func floorDivision() {
        #expect((-1).floorDivided(by: 3) == -1)
        #expect((-1).floorModulo(3) == 2)
        #expect((-3).floorDivided(by: 3) == -1)
        #expect((-3).floorModulo(3) == 0)
        #expect((-4).floorDivided(by: 3) == -2)
        #expect((-4).floorModulo(3) == 2)
        #expect(7.floorDivided(by: 3) == 2)
        #expect(7.floorModulo(3) == 1)
        #expect(7.floorModulo(-3) == -2)
    }
}
