import DoseTestSupport
import Testing

@testable import DoseSystem

@Suite(.timeLimit(.minutes(5)), .watched) struct ArgumentsTests {
    @Test func flagsOptionsAndPositionals() throws {
        var arguments = Arguments(["show", "--json", "--date=2026-01-02", "ID", "--days", "3"])
        #expect(arguments.optionalPositional() == "show")
        let json = arguments.flag("--json")
        #expect(json)
        #expect(try arguments.option("--date") == "2026-01-02")
        #expect(try arguments.option("--days") == "3")
        #expect(try arguments.positional("ID") == "ID")
        try arguments.finish()
    }

    @Test func unknownOptionsAreErrors() throws {
        var arguments = Arguments(["--bogus"])
        let json = arguments.flag("--json")
        #expect(!json)
        #expect(throws: CommandError.self) { try arguments.finish() }
    }

    @Test func doubleDashMakesAnIdWithALeadingDashPositional() throws {
        var arguments = Arguments(["--json", "--", "-weird id"])
        let json = arguments.flag("--json")
        #expect(json)
        #expect(try arguments.positional("ID") == "-weird id")
        try arguments.finish()
    }

    @Test func anOptionWithoutValueIsAUsageError() {
        var arguments = Arguments(["--date"])
        #expect(throws: CommandError.self) { try arguments.option("--date") }
    }

    /// A value is the next word even when it starts with `-` (`config set notify-time -1:00`).
    @Test func aValueMayStartWithADash() throws {
        var arguments = Arguments(["set", "notify-time", "-1:00"])
        #expect(arguments.optionalPositional() == "set")
        #expect(try arguments.positional("KEY") == "notify-time")
        #expect(try arguments.value("VALUE") == "-1:00")
        try arguments.finish()
        var dashed = Arguments(["--", "-x"])
        #expect(try dashed.value("VALUE") == "-x")
        var empty = Arguments([])
        #expect(throws: CommandError.self) { try empty.value("VALUE") }
    }
}
