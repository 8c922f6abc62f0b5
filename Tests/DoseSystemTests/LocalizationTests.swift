import DoseSystem
import DoseTestSupport
import Testing

@Suite(.timeLimit(.minutes(5)), .watched) struct LocalizationTests {
    @Test func placeholdersAreFilledByNameInAnyOrder() {
        #expect(Localization.fill("no dose for {date}", ["date": "2026-11-30"]) == "no dose for 2026-11-30")
        // A translation may move them: the values follow their names.
        #expect(Localization.fill("{b} vor {a}", ["a": 1, "b": "zwei"]) == "zwei vor 1")
        #expect(Localization.fill("{n}/{n}", ["n": 3]) == "3/3")
    }

    @Test func unknownNamesAndStrayBracesStayAsWritten() {
        #expect(Localization.fill("{date} and {other}", ["date": "D"]) == "D and {other}")
        #expect(Localization.fill("a { b", ["b": "x"]) == "a { b")
        #expect(Localization.fill("}{x}", ["x": "y"]) == "}y")
        #expect(Localization.fill("}{x", ["x": "y"]) == "}{x")
        #expect(Localization.fill("{date}", [:]) == "{date}")
    }

    @Test func valuesAreNotSearchedAgain() {
        // A pack title holding a placeholder is printed as it is, never filled.
        #expect(Localization.fill("{title} on {date}", ["title": "{date}", "date": "D"]) == "{date} on D")
    }

    @Test func untranslatedMessagesComeBackAsWritten() {
        // The test process never calls setlocale: the C locale, no catalogue consulted.
        #expect(tr("at {time}", ["time": "15:28"]) == "at 15:28")
        #expect(trn("{count} card", "{count} cards", 1) == "1 card")
        #expect(trn("{count} card", "{count} cards", 0) == "0 cards")
        #expect(trn("{count} card of {topic}", "{count} cards of {topic}", 12, ["topic": "Calculus"]) == "12 cards of Calculus")
    }

    @Test func catalogueDirectoryFollowsTheBinary() {
        #expect(Localization.localeDirectory(executable: "/usr/bin/dose") == "/usr/share/locale")
        #expect(Localization.localeDirectory(executable: "/usr/local/bin/dose") == "/usr/local/share/locale")
        #expect(Localization.localeDirectory(executable: "/opt/dd/bin/daily-dose") == "/opt/dd/share/locale")
        #expect(Localization.localeDirectory(executable: "/bin/dose") == "/share/locale")
        // A build tree: the catalogues po/build.sh compiles, shared by the debug and release builds.
        #expect(Localization.localeDirectory(executable: "/src/dd/.build/x86_64-unknown-linux-gnu/debug/dose")
            == "/src/dd/build/locale")
        #expect(Localization.localeDirectory(executable: "/src/dd/.build/x86_64-unknown-linux-gnu/release/dose-notify")
            == "/src/dd/build/locale")
        // Only that shape: a directory merely named .build elsewhere on the path is a prefix like any other.
        #expect(Localization.localeDirectory(executable: "/home/u/.build/bin/dose") == "/home/u/.build/share/locale")
        // Unknown or relative: the system's.
        #expect(Localization.localeDirectory(executable: nil) == "/usr/share/locale")
        #expect(Localization.localeDirectory(executable: "dose") == "/usr/share/locale")
    }

    @Test func onlyACEnvironmentSkipsSetlocale() {
        func skips(_ environment: [String: String]) -> Bool {
            Localization.namesOnlyTheCLocale { environment[$0] }
        }
        #expect(skips([:]))
        #expect(skips(["LANG": "C.UTF-8"]))
        #expect(skips(["LANG": "C.utf8", "LC_ALL": "POSIX"]))
        #expect(skips(["LANG": "de_DE.UTF-8", "LC_ALL": "C"]))
        // Categories Daily Dose does not print with may name anything.
        #expect(skips(["LANG": "C.UTF-8", "LC_NUMERIC": "de_DE.UTF-8", "LC_PAPER": "en_US.UTF-8"]))
        #expect(!skips(["LANG": "C.UTF-8", "LC_CTYPE": "en_US.UTF-8"]))
        // Anything that could change a message, a name or the clock: setlocale.
        #expect(!skips(["LANG": "C.UTF-8", "LANGUAGE": "de"]))
        #expect(!skips(["LANG": "de_DE.UTF-8"]))
        #expect(!skips(["LANG": "en_US.UTF-8"]))
        #expect(!skips(["LANG": "C.UTF-8", "LC_TIME": "de_DE.UTF-8"]))
        #expect(!skips(["LC_MESSAGES": "de_DE.UTF-8"]))
        #expect(!skips(["LC_ALL": "de_DE.UTF-8", "LANG": "C"]))
    }
}
