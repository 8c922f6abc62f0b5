import DoseSystem
import Testing

@Suite struct LocalizationTests {
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
        var asked: [String] = []
        func none(_ path: String) -> Bool { asked.append(path); return false }
        #expect(Localization.localeDirectory(executable: "/usr/bin/dose", isDirectory: none) == "/usr/share/locale")
        #expect(Localization.localeDirectory(executable: "/usr/local/bin/dose", isDirectory: none) == "/usr/local/share/locale")
        #expect(Localization.localeDirectory(executable: "/bin/dose", isDirectory: none) == "/share/locale")
        #expect(asked == ["/usr/bin/locale", "/usr/local/bin/locale", "/bin/locale"])
        // A build tree: its own compiled catalogues beside the binary.
        let tree = "/src/.build/x86_64-unknown-linux-gnu/debug"
        #expect(Localization.localeDirectory(executable: tree + "/dose", isDirectory: { $0 == tree + "/locale" })
            == tree + "/locale")
        // Unknown or relative: the system's.
        #expect(Localization.localeDirectory(executable: nil, isDirectory: none) == "/usr/share/locale")
        #expect(Localization.localeDirectory(executable: "dose", isDirectory: none) == "/usr/share/locale")
    }

    @Test func theSystemsLocaleProgramIsNoCatalogueDirectory() {
        // /usr/bin/locale is glibc's program: a file, so an installed dose looks in /usr/share/locale.
        #expect(Localization.localeDirectory(executable: "/usr/bin/dose") == "/usr/share/locale")
    }
}
