import DoseApp
import DoseCore
import DoseDesktop
import DoseSystem
import DoseTestSupport
import Testing

/// What the one Preferences window shows: the settings as stored now, whoever stored them (`dose config set`
/// in a terminal while the window is open), and a row that follows its setting until the student types in it.
@Suite(.timeLimit(.minutes(5)), .watched) struct PreferencesValuesTests {
    @Test func theValuesAreWhatIsStoredNowWhoeverStoredIt() throws {
        let home = try DesktopHome()
        let zone = try #require(SystemZone(identifier: "UTC"))
        func read() -> PreferencesValues { PreferencesValues.read(DesktopPool(paths: home.paths, now: 1_700_000_000, zone: zone)) }

        let first = read()
        #expect(first.text(.notifyTime) == "08:00", "the default, as the row shows it")
        #expect(first.text(.source).isEmpty && first.text(.providerURL).isEmpty && first.text(.providerModel).isEmpty)
        #expect(first.branch.choices == [.none] && first.branch.selected == 0)

        let pack = try home.write("pack.json", DesktopFixtures.pack)
        #expect(try home.dose("import", pack).status == 0)
        #expect(try home.dose("config", "set", "notify-time", "9:30").status == 0)
        #expect(try home.dose("config", "set", "provider.model", "tiny-model").status == 0)
        #expect(try home.dose("config", "set", "branch", "cs").status == 0)
        let second = read()
        #expect(second.text(.notifyTime) == "09:30", "stored canonical by the command")
        #expect(second.text(.providerModel) == "tiny-model")
        #expect(second.branch.choices[second.branch.selected] == .branch(BranchCode(exactly: "CS")!, items: 2))
        #expect(second != first)
        #expect(second.branch.warning == nil, "the pool carries CS")

        // A branch no dose carries yet: the row says so, from the pool and the setting as they are now (not from
        // the moment the branch was set), so a pack that brings the branch takes it back.
        #expect(try home.dose("config", "set", "branch", "ce").status == 0)
        guard case .branchNotInPool(let branch, let common, _) = read().branch.warning else {
            Issue.record("no warning for CE: \(String(describing: read().branch.warning))")
            return
        }
        #expect(branch == "CE" && common == read().branch.common)
        #expect(try home.dose("config", "set", "branch", "cs").status == 0)
        #expect(read().branch.warning == nil)

        #expect(try home.dose("config", "unset", "notify-time").status == 0)
        #expect(read().text(.notifyTime) == "08:00")
    }

    @Test func aRowFollowsItsSettingUntilTypedIn() {
        var row = FollowedText(shown: "08:00")
        // Untouched: a value stored elsewhere replaces it.
        #expect(row.follow(stored: "09:30", current: "08:00") == "09:30")
        #expect(row.shown == "09:30")
        #expect(row.follow(stored: "09:30", current: "09:30") == nil, "nothing new")
        // Typed in and not applied: the typing stays, whatever is stored meanwhile.
        #expect(row.follow(stored: "10:00", current: "7:1") == nil)
        #expect(row.follow(stored: "11:00", current: "7:1") == nil)
        #expect(row.shown == "09:30")
        // Typed exactly what is now stored: it is the stored value again, and follows from there.
        #expect(row.follow(stored: "11:00", current: "11:00") == nil && row.shown == "11:00")
        #expect(row.follow(stored: "12:00", current: "11:00") == "12:00")
        // Applied from this row: the stored value is what the app put there.
        row.show("07:05")
        #expect(row.follow(stored: "07:05", current: "07:05") == nil)
        #expect(row.follow(stored: "", current: "07:05") == "", "unset elsewhere: the row empties")
    }
}
