import DoseApp
import DoseCore
import DoseDesktop
import DoseSystem
import DoseTestSupport
import Foundation
import Testing

/// Preferences' settings go through `ConfigChange`, the path `dose config set` takes.
@Suite(.timeLimit(.minutes(5)), .watched) struct SettingsServiceTests {
    @Test func aNotifyTimeIsStoredCanonicalForBothProcesses() throws {
        let home = try DesktopHome()
        let settings = SettingsService(paths: home.paths, queue: home.queue)
        let outcome = try home.wait { settings.set(.notifyTime, to: " 7:30 ", done: $0) }.get()
        #expect(outcome.stored == "07:30")
        #expect(try ConfigFile(path: home.paths.configFile).load().config.notifyTime.description == "07:30")
        #expect(try home.dose("config", "get", "notify-time").stdout == "07:30\n")
        #expect(try home.wait { settings.notifyTime(done: $0) }.get().description == "07:30")
    }

    @Test func aRefusedValueNamesKeyAndValueWritesNothingAndIsWhatTheCommandSays() throws {
        let home = try DesktopHome()
        let settings = SettingsService(paths: home.paths, queue: home.queue)
        let result = try home.wait { settings.set(.notifyTime, to: "25:00", done: $0) }
        guard case .failure(let failure) = result else {
            Issue.record("25:00 accepted")
            return
        }
        #expect(failure.kind == .invalid && failure.key == .notifyTime && failure.value == "25:00")
        #expect(failure.description.contains("notify-time") && failure.description.contains("\"25:00\""))
        #expect(!FileManager.default.fileExists(atPath: home.paths.configFile))
        // One path: the command refuses it with the same words and status 78.
        let command = try home.dose("config", "set", "notify-time", "25:00")
        #expect(command.status == 78)
        #expect(command.stderr.contains(failure.description), "\(command.stderr)")
    }

    @Test func branchChoicesAreThePoolsCodesAndNoBranch() throws {
        let home = try DesktopHome()
        let settings = SettingsService(paths: home.paths, queue: home.queue)
        let empty = try home.wait { settings.branchChoices(done: $0) }.get()
        #expect(empty.choices == [.none] && empty.selected == 0 && empty.common == 0)
        let pack = try home.write("pack.json", DesktopFixtures.pack)
        #expect(try home.dose("import", pack).status == 0)
        let choices = try home.wait { settings.branchChoices(done: $0) }.get()
        #expect(choices.choices == [.none, .commonOnly(items: 4), .branch(BranchCode(exactly: "CS")!, items: 2),
                                    .branch(BranchCode(exactly: "EE")!, items: 1), .branch(BranchCode(exactly: "ME")!, items: 1)])
        #expect(choices.common == 4 && choices.selected == 0)
        #expect(choices.choices[1].label == "Common only (4 doses)")
        #expect(choices.choices[2].label == "Computer science — 2 of its own")
        #expect(choices.subtitle == "Every branch also gets the 4 common doses", "each entry names only its own doses")
        #expect(empty.subtitle.isEmpty, "no branches, nothing to say")
        _ = try home.wait { settings.choose(choices.choices[2], done: $0) }.get()
        #expect(try home.wait { settings.branchChoices(done: $0) }.get().selected == 2)
        #expect(try home.dose("config", "get", "branch").stdout == "CS\n")
        // Common only: stored as the word `dose config set branch common` stores, and the dose is an untagged one.
        _ = try home.wait { settings.choose(choices.choices[1], done: $0) }.get()
        #expect(try home.wait { settings.branchChoices(done: $0) }.get().selected == 1)
        #expect(try home.dose("config", "get", "branch").stdout == "common\n")
        let common = try home.dose("today", "--days", "30", "--json")
        #expect(common.status == 0 && !common.stdout.contains("\"tags\":[\""), "\(common.stdout)")
        // A branch no item carries is kept (a pack may bring it) with a warning, and shown as a choice.
        let other = try home.wait { settings.set(.branch, to: "xx", done: $0) }.get()
        #expect(other.stored == "XX")
        #expect(other.warnings.contains { if case .branchNotInPool(branch: "XX", _, _) = $0 { true } else { false } }, "\(other.warnings)")
        #expect(other.warnings.contains { $0.description.contains("no item in the pool is tagged XX") }, "\(other.warnings)")
        // The app's words: the toast says what was stored, the branch row what it means (a toast would cut it).
        #expect(PreferencesText.changed(other, withWarnings: false) == "Branch set to XX")
        #expect(PreferencesText.changed(other).hasPrefix("Branch set to XX. No dose is meant for XX yet, so you see the "))
        let withOther = try home.wait { settings.branchChoices(done: $0) }.get()
        #expect(withOther.choices.last == .branch(BranchCode(exactly: "XX")!, items: 0) && withOther.selected == withOther.choices.count - 1)
        _ = try home.wait { settings.choose(.none, done: $0) }.get()
        #expect(try home.dose("config", "get", "branch").status == 1, "no branch: unset")
    }

    @Test func aChangeIsAPlanningPassTheSnapshotFollows() throws {
        let home = try DesktopHome()
        let settings = SettingsService(paths: home.paths, queue: home.queue)
        let pack = try home.write("pack.json", DesktopFixtures.pack)
        #expect(try home.dose("import", pack).status == 0)
        try FileManager.default.removeItem(atPath: home.paths.snapshot)
        _ = try home.wait { settings.set(.notifyTime, to: "06:45", done: $0) }.get()
        #expect(FileManager.default.fileExists(atPath: home.paths.snapshot), "the change mirrored the snapshot again")
    }
}
