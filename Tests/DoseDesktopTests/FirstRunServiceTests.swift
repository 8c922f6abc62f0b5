import DoseApp
import DoseDesktop
import DoseLearning
import DoseTestSupport
import Foundation
import Glibc
import Testing

/// The welcome page's services: an empty pool detected, the sample pack or a source imported in one call,
/// then branch, notify time and background work.
@Suite(.timeLimit(.minutes(5)), .watched) struct FirstRunServiceTests {
    @Test func theBuildTreesSamplePackIsFoundFromTheProgramsPlace() throws {
        let home = try DesktopHome()
        let expected = home.packageRoot.appendingPathComponent("content/sample-pack.json").path
        #expect(FirstRunService.samplePackLocations().contains(expected), "\(FirstRunService.samplePackLocations())")
        #expect(FirstRunService.samplePackLocations().contains("/usr/share/daily-dose/sample-pack.json"))
        #expect(FirstRunService(paths: home.paths, queue: home.queue).samplePack != nil)
    }

    @Test func anEmptyPoolIsAFirstRunUntilTheSamplePackIsImportedInOneCall() throws {
        let home = try DesktopHome()
        let sample = home.packageRoot.appendingPathComponent("content/sample-pack.json").path
        let firstRun = FirstRunService(paths: home.paths, queue: home.queue, samplePackCandidates: ["/nonexistent/sample-pack.json", sample])
        #expect(try home.wait { firstRun.isFirstRun(done: $0) }.get() == true)
        #expect(firstRun.samplePack == sample)
        let steps = Recorder<ContentSync.Progress>()
        let record = try home.wait { firstRun.importContent(.samplePack, progress: { steps.append($0) }, done: $0) }.get()
        #expect(record.outcome == .synced && record.items == 328 && record.source == sample)
        #expect(steps.all.contains(.importing))
        #expect(try home.wait { firstRun.isFirstRun(done: $0) }.get() == false)
        #expect(try home.dose("today").status == 0)
    }

    @Test func aMissingSamplePackSaysWhereItLooked() throws {
        let home = try DesktopHome()
        let firstRun = FirstRunService(paths: home.paths, queue: home.queue, samplePackCandidates: ["/nonexistent/sample-pack.json"])
        guard case .failure(let failure) = try home.wait({ firstRun.importContent(.samplePack, progress: { _ in }, done: $0) }) else {
            Issue.record("imported a pack that does not exist")
            return
        }
        #expect(failure.message == "The sample pack isn't installed here. Add a content source instead.")
        #expect(failure.detail?.contains("/nonexistent/sample-pack.json") == true, "where it looked is the journal's")
        #expect(try home.wait { firstRun.isFirstRun(done: $0) }.get() == true)
    }

    @Test func aSourceURLIsImportedAndKeptForLaterSyncs() throws {
        let home = try DesktopHome()
        let (server, url) = try home.startPackServer(DesktopFixtures.pack)
        defer { server.terminate() }
        let firstRun = FirstRunService(paths: home.paths, queue: home.queue, samplePackCandidates: [])
        let record = try home.wait { firstRun.importContent(.source(url), progress: { _ in }, done: $0) }.get()
        #expect(record.outcome == .synced && record.items == 8)
        #expect(try home.dose("config", "get", "source").stdout == url + "\n")
        // A bad URL is refused by the config's own check before anything is fetched.
        guard case .failure(let bad) = try home.wait({ firstRun.importContent(.source(" "), progress: { _ in }, done: $0) }) else {
            Issue.record("an empty source accepted")
            return
        }
        #expect(bad.message == "Type a web address or a file's path.", "\(bad.message)")
        #expect(bad.detail?.contains("config key source") == true)
        // Neither is a scheme nothing can fetch: refused before anything is fetched or stored.
        guard case .failure(let ftp) = try home.wait({ firstRun.importContent(.source("ftp://example.org/p.json"), progress: { _ in }, done: $0) }) else {
            Issue.record("an ftp:// source accepted")
            return
        }
        #expect(ftp.message == "Use https:// or a file, not ftp://.")
        #expect(try home.dose("config", "get", "source").stdout == url + "\n")
    }

    @Test func finishSetsBranchAndTimeAndTurnsBackgroundWorkOn() throws {
        let home = try DesktopHome()
        let bus = try PrivateKeyring(keyring: false)
        let system = home.root.appendingPathComponent("etc-xdg/autostart")
        try FileManager.default.createDirectory(at: system, withIntermediateDirectories: true)
        for entry in ["dose-notify-autostart.desktop", "dose-daemon-autostart.desktop"] {
            try FileManager.default.copyItem(
                at: home.packageRoot.appendingPathComponent("desktop/" + entry), to: system.appendingPathComponent(entry))
        }
        let background = BackgroundWorkService(
            paths: home.paths, queue: home.queue, busAddress: bus.address, autostartConfigDirs: [system.deletingLastPathComponent().path],
            dosePath: DesktopHome.binaryDirectory.appendingPathComponent("dose").path)
        let lock = home.paths.dataHome + "/daily-dose/daemon.lock"
        defer { if let pid = DaemonInstanceLock.holder(of: lock) { kill(pid, SIGTERM) } }
        _ = try home.wait { background.setEnabled(false, done: $0) }.get()
        let firstRun = FirstRunService(paths: home.paths, queue: home.queue, background: background, samplePackCandidates: [])
        let outcome = try home.wait(timeout: 60) { firstRun.finish(branch: .branch(.init(exactly: "CS")!, items: 0), notifyTime: "6:30", done: $0) }
        #expect(try outcome.branch.get().stored == "CS")
        #expect(try outcome.notifyTime.get().stored == "06:30")
        #expect(try outcome.background.get().enabled == true)
        #expect(DaemonInstanceLock.holder(of: lock) != nil, "the learning queue runs")
        _ = try home.wait(timeout: 60) { background.setEnabled(false, done: $0) }.get()
        #expect(try home.dose("config", "get", "notify-time").stdout == "06:30\n")
        let refused = try home.wait { firstRun.finish(branch: .none, notifyTime: "noon", done: $0) }
        guard case .failure(let failure) = refused.notifyTime else {
            Issue.record("noon accepted")
            return
        }
        #expect(failure.key == .notifyTime && failure.value == "noon")
        #expect(try home.dose("config", "get", "notify-time").stdout == "06:30\n", "a refused time leaves the old one")
        #expect(try home.dose("config", "get", "branch").status == 1, "no branch: unset")
    }
}
