import DoseApp
import DoseCore
import DoseDesktop
import DoseSystem
import DoseTestSupport
import Foundation
import Testing

/// The first-run page's logic: where the bundled sample pack is, what "Done" changes and in which order, and
/// the one-click import through Sync now's path on a real store (the pack that ships: 328 items).
@Suite(.timeLimit(.minutes(10)), .watched) struct FirstRunTests {
    @Test func anInstallFindsThePackUnderItsPrefixFirst() {
        let places = SamplePack.candidates(executable: "/opt/dd/bin/daily-dose", dataDirs: ["/usr/local/share", "/usr/share/", "relative"])
        #expect(places.first == "/opt/dd/share/daily-dose/sample-pack.json")
        #expect(places.contains("/usr/local/share/daily-dose/sample-pack.json"))
        #expect(places.contains("/usr/share/daily-dose/sample-pack.json"))
        #expect(!places.contains { $0.hasPrefix("relative") })
        #expect(SamplePack.locate(executable: "/opt/dd/bin/daily-dose", dataDirs: ["/usr/share"], exists: { $0.hasPrefix("/usr/share/") })
            == "/usr/share/daily-dose/sample-pack.json")
        #expect(SamplePack.locate(executable: nil, dataDirs: ["/nowhere"], exists: { _ in false }) == nil)
    }

    @Test func aBuildTreeFindsTheRepositorysPack() throws {
        let home = try DesktopHome()
        let executable = DesktopHome.binaryDirectory.appendingPathComponent("daily-dose").path
        let found = try #require(SamplePack.locate(executable: executable, dataDirs: []))
        #expect(URL(fileURLWithPath: found).standardizedFileURL.path
            == home.packageRoot.appendingPathComponent("content/sample-pack.json").standardizedFileURL.path)
    }

    @Test func doneStoresTheTimeThenTheBranchThenBackgroundWork() {
        let plan = FirstRun(notifyTime: " 7:30 ", branch: .branch(BranchCode(exactly: "CS")!, items: 2), backgroundWork: true)
        #expect(plan.steps == [
            .setting(.set(.notifyTime, "7:30")), .branch(.branch(BranchCode(exactly: "CS")!, items: 2)), .backgroundWork,
        ])
        // Left off, it is still a step: the choice is recorded, and the next start keeps it off.
        let quiet = FirstRun(notifyTime: "", branch: .none, backgroundWork: false)
        #expect(quiet.steps == [.setting(.unset(.notifyTime)), .branch(.none), .backgroundWork] && !quiet.backgroundWork)
    }

    @Test func onlyAnEmptyPoolShowsTheWelcome() {
        #expect(FirstRun.showsWelcome(itemCount: 0))
        #expect(!FirstRun.showsWelcome(itemCount: 1))
        // One sentence: which server needs which click is the manual's, not the first page's.
        #expect(FirstRun.clickHint == "Each morning a notification brings the day's dose: its Open button shows it here.")
    }

    @Test func oneClickImportsTheBundledPackAndTheWelcomeIsDone() throws {
        let home = try DesktopHome()
        #expect(try PoolInfo.itemCount(paths: home.paths) == 0)
        let pack = try #require(SamplePack.locate(executable: DesktopHome.binaryDirectory.appendingPathComponent("daily-dose").path, dataDirs: []))
        let sync = SyncService(paths: home.paths, queue: home.queue)
        let record = try home.wait { sync.syncNow(source: pack, progress: { _ in }, done: $0) }.get()
        #expect(record.outcome == .synced && record.items == 328)
        let count = try PoolInfo.itemCount(paths: home.paths)
        #expect(count == 328)
        #expect(!FirstRun.showsWelcome(itemCount: count))
        // The import leaves no source configured: a later "Sync now" asks for one rather than re-reading the sample.
        #expect(try home.dose("config", "get", "source").status != 0)
        let today = try home.dose("today")
        #expect(today.status == 0 && !today.stdout.isEmpty)
    }
}

/// Preferences' words and edits: what a typed row asks for, what a stored change and a sync's result say.
@Suite(.timeLimit(.minutes(5)), .watched) struct PreferencesTextTests {
    @Test func anEmptiedRowUnsetsAndBlanksAreTheRows() {
        #expect(SettingEdit(.source, text: "  https://example.org/p.json \n") == .set(.source, "https://example.org/p.json"))
        #expect(SettingEdit(.providerModel, text: "   ") == .unset(.providerModel))
        #expect(SettingEdit(.notifyTime, text: "") == .unset(.notifyTime))
    }

    @Test func aStoredChangeSaysTheCanonicalValueAndARefusalNamesTheSettingAndWhatToType() throws {
        let home = try DesktopHome()
        let outcome = try ConfigChange.set(.notifyTime, to: "7:05", paths: home.paths)
        #expect(PreferencesText.changed(outcome) == "Notify time set to 07:05")
        let back = try ConfigChange.unset(.notifyTime, paths: home.paths)
        #expect(PreferencesText.changed(back) == "Notify time back to its default")
        #expect(throws: ConfigChange.Failure.self) { try ConfigChange.set(.notifyTime, to: "25:99", paths: home.paths) }
        do { _ = try ConfigChange.set(.notifyTime, to: "25:99", paths: home.paths) } catch {
            // The command line's words name the key; the app's the row and what to type.
            #expect(error.description.hasPrefix("config key notify-time:") && error.problem == .notATime)
            #expect(PreferencesText.refusal(error) == "Type a time such as 7:30 or 18:05.")
        }
        #expect(try home.dose("config", "get", "notify-time").stdout == "08:00\n")
    }

    @Test func theLastSyncIsToldInLocalTimeAndAFailureUnderTheLastGoodOne() {
        let noon: Int64 = 1_780_000_000 - 1_780_000_000 % 86_400 + 43_200
        let zone = FixedOffsetZone.utc
        #expect(PreferencesText.syncStatus(nil, now: noon, zone: zone) == ("Not synced yet", false))
        var counted = SyncRecord(at: noon - 3600, outcome: .synced, source: "https://example.org/p.json", message: "ok")
        counted.items = 328
        #expect(PreferencesText.syncStatus(counted, now: noon, zone: zone) == ("Last synced at 11:00: 328 doses", false))
        // A failure since: the last good sync stays, the failure in the app's words under it, the row an error.
        var failed = SyncRecord(
            at: noon - 60, outcome: .failed, source: "x", message: "cannot fetch x: Failed to connect to 127.0.0.1 port 9", problem: .unreachable)
        failed.lastSuccess = .init(at: noon - 86_400 - 3600, items: 328)
        #expect(PreferencesText.syncStatus(failed, now: noon, zone: zone)
            == ("Last synced yesterday at 11:00: 328 doses\nCouldn't reach the content source. Check the address and your connection.", true))
        // Older than yesterday: a day by its month's name, never ISO.
        failed.lastSuccess = .init(at: noon - 5 * 86_400, items: nil)
        #expect(PreferencesText.syncStatus(failed, now: noon, zone: zone).text.hasPrefix("Last synced on May 23 at 12:00\n"))
        // No success ever, and a record from before problems were kept.
        failed.lastSuccess = nil
        failed.problem = nil
        #expect(PreferencesText.syncStatus(failed, now: noon, zone: zone) == ("Not synced yet\nThe last sync failed. Try again.", true))
        #expect(PreferencesText.progress(.importing) == "Checking and importing…")
        #expect(PreferencesText.progress(.fetching(source: "s")) == "Fetching s…")
    }
}

/// The welcome page's and Preferences' words in German (the thread's locale, the catalogue po/build.sh
/// compiles), while the English above stays for the C locale.
@Suite(.timeLimit(.minutes(5)), .watched) struct FirstRunGermanTests {
    @Test func theWelcomeAndPreferencesWordsComeOutGerman() throws {
        let noon: Int64 = 1_780_000_000 - 1_780_000_000 % 86_400 + 43_200
        var synced = SyncRecord(at: noon - 3600, outcome: .synced, source: "https://example.org/p.json", message: "ok")
        synced.items = 328
        let enabled = BackgroundWorkService.State(enabled: true, systemdUnits: [], detail: "")
        let (hint, sync, state, progress, grade) = try German.run {
            (FirstRun.clickHint, PreferencesText.syncStatus(synced, now: noon, zone: FixedOffsetZone.utc).text,
             PreferencesText.backgroundState(enabled), PreferencesText.progress(.fetching(source: "{when}")), LearnWords.grade(.again))
        }
        #expect(hint == "Jeden Morgen bringt eine Benachrichtigung die Dosis des Tages: Ihr Knopf „Öffnen“ zeigt sie hier.", "\(hint)")
        #expect(sync == "Zuletzt abgeglichen um 11:00: 328 Dosen", "\(sync)")
        #expect(state == "An: Die Morgenbenachrichtigung kommt, und für angehakte Themen werden Kartenstapel erstellt")
        // A source that looks like a placeholder is shown as it is.
        #expect(progress == "{when} wird abgerufen …")
        #expect(grade == "Nochmal")
        #expect(FirstRun.clickHint.hasPrefix("Each morning a notification brings the day's dose:"))
        #expect(PreferencesText.backgroundState(enabled) == "On: the morning notification comes, and decks are made for the topics you tick")
    }
}
