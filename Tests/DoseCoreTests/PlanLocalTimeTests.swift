import DoseCore
import DoseTestSupport
import Testing

/// The strict `HH:MM` form of the configured notify-time.
@Suite(.timeLimit(.minutes(5)), .watched) struct PlanLocalTimeTests {
    @Test(arguments: ["00:00", "07:30", "08:00", "12:05", "23:59"])
    func acceptsHHMM(text: String) throws {
        let time = try #require(LocalTime(parsing: text))
        #expect(time.description == text)
    }

    /// A one-digit hour, as people write it, reads as the canonical two-digit form.
    @Test(arguments: [("7:30", "07:30"), ("0:00", "00:00"), ("9:59", "09:59"), ("8:05", "08:05")])
    func acceptsOneDigitHour(text: String, canonical: String) throws {
        let time = try #require(LocalTime(parsing: text))
        #expect(time.description == canonical)
        #expect(LocalTime(parsing: time.description) == time)
    }

    @Test(arguments: ["24:00", "07:60", " 07:00", "07:00 ", "07:00:00", "0700", "07-00", "", ":", "-1:00",
                      "+7:00", "07:5", "7:5", "7:60", " 7:30", "7:30 ", "07:3", "x:30", "7-30", "730", "::30", "٠٧:٠٠", "07：00", "99:99", "ab:cd"])
    func rejectsAnythingElse(text: String) {
        #expect(LocalTime(parsing: text) == nil)
    }

    @Test func fieldsAndOrdering() throws {
        let time = try #require(LocalTime(parsing: "07:45"))
        #expect(time.hour == 7 && time.minute == 45)
        #expect(time.secondsIntoDay == 27_900)
        #expect(LocalTime(hour: 24, minute: 0) == nil)
        #expect(LocalTime(hour: 0, minute: -1) == nil)
        #expect(LocalTime(hour: 6, minute: 59)! < time)
        #expect(LocalTime(hour: 9, minute: 5)!.description == "09:05")
    }
}
