import DoseDesktop
import DoseLearning
import DoseTestSupport
import Foundation
import Glibc
import Testing

/// Background work (the scheduler and the learning queue, one switch) against a stand-in systemd user manager
/// (tests/support/fake_systemd.py, the real D-Bus protocol on a private bus), and without one: the autostart entries
/// in a temporary XDG_CONFIG_HOME and `dose daemon` started by the service itself, which must then really run the
/// queue; the test notification through `dose-notify fire` to a fake notification server.
@Suite(.timeLimit(.minutes(5)), .watched) struct BackgroundWorkServiceTests {
    static let both = ["dose-notify.service", "dose-daemon.service"]

    /// Starts `script` (python3-dbus) on `bus`; returns it once `name` is owned (at most 60 s, while it runs).
    func startService(_ bus: PrivateKeyring, _ arguments: [String], owning name: String) throws -> ChildProcess {
        let service = try ChildProcess("/usr/bin/python3", arguments, environment: bus.environment, stdout: .discard)
        let owned = try service.waitUntil(timeout: .seconds(60)) {
            try bus.run("/usr/bin/gdbus", [
                "call", "--session", "--dest", "org.freedesktop.DBus", "--object-path", "/org/freedesktop/DBus",
                "--method", "org.freedesktop.DBus.NameHasOwner", name,
            ]).stdout.contains("true")
        }
        guard owned else { throw KeyringSetupError("\(name) did not appear within 60 s: \(service.terminate())") }
        return service
    }

    func startSystemd(_ home: DesktopHome, _ bus: PrivateKeyring, _ units: [String]) throws -> (ChildProcess, String) {
        let log = home.root.appendingPathComponent("systemd.log").path
        let systemd = try startService(
            bus, [home.packageRoot.appendingPathComponent("tests/support/fake_systemd.py").path, log] + units,
            owning: "org.freedesktop.systemd1")
        return (systemd, log)
    }

    func calls(_ log: String) -> [[String: Any]] {
        ((try? String(contentsOfFile: log, encoding: .utf8)) ?? "").split(separator: "\n").compactMap {
            try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any]
        }
    }

    /// The calls that change something (reading a unit's state changes nothing), from the `from`th call on.
    func changes(_ log: String, from: Int = 0) -> [String] {
        calls(log).dropFirst(from).compactMap { call in
            let method = call["method"] as? String ?? ""
            guard method != "GetUnitFileState" else { return nil }
            let args = call["args"] as? [Any] ?? []
            let units = (args.first as? [String]) ?? (args.first as? String).map { [$0] } ?? []
            return ([method] + units).joined(separator: " ")
        }
    }

    func choice(_ home: DesktopHome) -> String? {
        try? String(contentsOfFile: home.paths.configHome + "/daily-dose/background-work", encoding: .utf8)
    }

    /// The pid holding the daemon's lock, as the kernel's lock table says.
    func daemonPID(_ home: DesktopHome) -> Int32? {
        DaemonInstanceLock.holder(of: home.paths.dataHome + "/daily-dose/daemon.lock")
    }

    /// Whether `pid` runs `dose daemon` (its command line).
    func isDaemon(_ pid: Int32) -> Bool {
        let words = ((try? Data(contentsOf: URL(fileURLWithPath: "/proc/\(pid)/cmdline"))) ?? Data()).split(separator: 0)
        return words.count == 2 && String(decoding: words[0], as: UTF8.self).hasSuffix("/dose") && words[1] == Data("daemon".utf8)
    }

    /// Waits (at most `seconds`) until `done` holds.
    func eventually(_ seconds: Double = 30, _ done: () throws -> Bool) rethrows -> Bool {
        let deadline = Date().addingTimeInterval(seconds)
        while Date() < deadline {
            if try done() { return true }
            Thread.sleep(forTimeInterval: 0.05)
        }
        return try done()
    }

    @Test func startingTheAppEnablesAndStartsBothUnitsAndTheSwitchOffDisablesAndStopsBoth() throws {
        let home = try DesktopHome()
        let bus = try PrivateKeyring(keyring: false)
        let (systemd, log) = try startSystemd(home, bus, Self.both.map { $0 + "=disabled" })
        defer { systemd.terminate() }
        // Set up from the command line (the pool has items, no choice made in the app): the app's start turns it on.
        #expect(try home.dose("import", try home.write("pack.json", DesktopFixtures.pack)).status == 0)
        let background = BackgroundWorkService(paths: home.paths, queue: home.queue, busAddress: bus.address, autostartConfigDirs: [])
        let started = try home.wait { background.resume(done: $0) }.get()
        #expect(started.enabled && started.systemdUnits == Self.both, "\(started)")
        #expect(started.detail == "dose-notify.service enabled, dose-daemon.service enabled", "\(started.detail)")
        #expect(changes(log) == [
            "EnableUnitFiles dose-notify.service dose-daemon.service", "Reload", "StartUnit dose-notify.service",
            "StartUnit dose-daemon.service",
        ], "\(changes(log))")
        let enable = calls(log).first { $0["method"] as? String == "EnableUnitFiles" }?["args"] as? [Any]
        #expect(enable?[1] as? Bool == false && enable?[2] as? Bool == false, "not runtime, not forced")
        #expect(calls(log).filter { $0["method"] as? String == "StartUnit" }.allSatisfy { ($0["args"] as? [String])?.last == "replace" })
        #expect(choice(home) == "on\n")
        // Started again with both enabled: started (a daemon that ended comes back), nothing enabled twice.
        var seen = calls(log).count
        _ = try home.wait { background.resume(done: $0) }.get()
        #expect(changes(log, from: seen) == ["StartUnit dose-notify.service", "StartUnit dose-daemon.service"], "\(changes(log, from: seen))")

        seen = calls(log).count
        let off = try home.wait { background.setEnabled(false, done: $0) }.get()
        #expect(!off.enabled && off.detail == "dose-notify.service disabled, dose-daemon.service disabled", "\(off)")
        #expect(changes(log, from: seen) == [
            "DisableUnitFiles dose-notify.service dose-daemon.service", "Reload", "StopUnit dose-notify.service",
            "StopUnit dose-daemon.service",
        ], "\(changes(log, from: seen))")
        #expect(choice(home) == "off\n")
        // A student who turned it off keeps it off: the next start changes nothing.
        seen = calls(log).count
        let kept = try home.wait { background.resume(done: $0) }.get()
        #expect(!kept.enabled && changes(log, from: seen).isEmpty, "\(changes(log, from: seen))")
        #expect(try home.wait { background.state(done: $0) }.get().enabled == false)
        // systemd was there for both: no autostart file written, no daemon of the app's own.
        #expect(!FileManager.default.fileExists(atPath: home.paths.configHome + "/autostart/dose-notify-autostart.desktop"))
        #expect(daemonPID(home) == nil)
    }

    @Test func beforeTheFirstRunNothingStartsAndItsDoneTurnsBothOn() throws {
        let home = try DesktopHome()
        let bus = try PrivateKeyring(keyring: false)
        let (systemd, log) = try startSystemd(home, bus, Self.both.map { $0 + "=disabled" })
        defer { systemd.terminate() }
        let background = BackgroundWorkService(paths: home.paths, queue: home.queue, busAddress: bus.address, autostartConfigDirs: [])
        let early = try home.wait { background.resume(done: $0) }.get()
        #expect(!early.enabled && changes(log).isEmpty && choice(home) == nil, "an empty pool: the first-run page decides")
        let firstRun = FirstRunService(paths: home.paths, queue: home.queue, background: background, samplePackCandidates: [])
        let outcome = try home.wait { firstRun.finish(branch: .none, notifyTime: "7:30", done: $0) }
        #expect(try outcome.background.get().enabled)
        #expect(changes(log) == [
            "EnableUnitFiles dose-notify.service dose-daemon.service", "Reload", "StartUnit dose-notify.service",
            "StartUnit dose-daemon.service",
        ], "\(changes(log))")
    }

    @Test func aUnitSystemdDoesNotKnowRunsInTheSession() throws {
        let home = try DesktopHome()
        let bus = try PrivateKeyring(keyring: false)
        // The scheduler's unit copied by hand (README), the daemon's not installed: the app starts the daemon itself.
        let (systemd, log) = try startSystemd(home, bus, ["dose-notify.service=disabled"])
        defer { systemd.terminate() }
        let dose = DesktopHome.binaryDirectory.appendingPathComponent("dose").path
        let background = BackgroundWorkService(
            paths: home.paths, queue: home.queue, busAddress: bus.address, autostartConfigDirs: [], dosePath: dose)
        defer { if let pid = daemonPID(home) { kill(pid, SIGTERM) } }
        let on = try home.wait(timeout: 60) { background.setEnabled(true, done: $0) }.get()
        #expect(on.systemdUnits == ["dose-notify.service"] && on.daemonRunning == true, "\(on)")
        #expect(changes(log) == ["EnableUnitFiles dose-notify.service", "Reload", "StartUnit dose-notify.service"], "\(changes(log))")
        let pid = try #require(daemonPID(home))
        #expect(isDaemon(pid))
        let off = try home.wait(timeout: 60) { background.setEnabled(false, done: $0) }.get()
        #expect(!off.enabled && off.daemonRunning == false && daemonPID(home) == nil, "\(off)")
        #expect(changes(log).suffix(3) == ["DisableUnitFiles dose-notify.service", "Reload", "StopUnit dose-notify.service"])
    }

    @Test func withoutSystemdTheAppRunsTheDaemonItselfAndTheEntriesFollowTheSwitch() throws {
        let home = try DesktopHome()
        let bus = try PrivateKeyring(keyring: false)
        let system = home.root.appendingPathComponent("etc-xdg")
        try FileManager.default.createDirectory(at: system.appendingPathComponent("autostart"), withIntermediateDirectories: true)
        for entry in ["dose-notify-autostart.desktop", "dose-daemon-autostart.desktop"] {
            try FileManager.default.copyItem(
                at: home.packageRoot.appendingPathComponent("desktop/" + entry), to: system.appendingPathComponent("autostart/" + entry))
        }
        // A topic ticked before, and a provider on this machine: the daemon the app starts must make its deck.
        let portFile = home.root.appendingPathComponent("port").path
        let requests = home.root.appendingPathComponent("requests.log").path
        let script = try home.write("script.json", #"{"default": "ok"}"#)
        let (provider, port) = try ChildProcess.startServer(
            "/usr/bin/python3",
            [home.packageRoot.appendingPathComponent("tests/support/fake_provider.py").path, "--port-file", portFile, "--log", requests,
             "--script", script],
            environment: ChildProcess.basicEnvironment, portFile: portFile)
        defer { provider.terminate() }
        #expect(try home.dose("import", try home.write("pack.json", DesktopFixtures.pack)).status == 0)
        #expect(try home.dose("config", "set", "provider.url", "http://127.0.0.1:\(port)/v1").status == 0)
        #expect(try home.dose("config", "set", "provider.model", "test-model").status == 0)
        #expect(try home.dose("learn", "tick", "Calculus", "Limits").status == 0)

        let dose = DesktopHome.binaryDirectory.appendingPathComponent("dose").path
        let background = BackgroundWorkService(
            paths: home.paths, queue: home.queue, busAddress: bus.address, autostartConfigDirs: [system.path], dosePath: dose)
        defer { if let pid = daemonPID(home) { kill(pid, SIGTERM) } }
        let started = try home.wait(timeout: 60) { background.resume(done: $0) }.get()
        #expect(started.enabled && started.systemdUnits.isEmpty && started.daemonRunning == true, "\(started)")
        let pid = try #require(daemonPID(home), "a dose daemon holds the lock")
        #expect(isDaemon(pid))
        // Its own session: Ctrl+C in the app's terminal, or its end, is not the daemon's.
        #expect(getsid(pid) == pid)
        let ready = try eventually(60) { try home.dose("learn", "list").stdout.contains("[ready] Calculus — Limits") }
        let listing = try home.dose("learn", "list").stdout
        #expect(ready, "the queue ran: \(listing)")
        #expect(((try? String(contentsOfFile: requests, encoding: .utf8)) ?? "").split(separator: "\n").count == 2, "deck and quiz")
        // Started again while it runs: the same daemon, no second one.
        _ = try home.wait(timeout: 60) { background.resume(done: $0) }.get()
        #expect(daemonPID(home) == pid)

        let off = try home.wait(timeout: 60) { background.setEnabled(false, done: $0) }.get()
        #expect(!off.enabled && off.daemonRunning == false, "\(off)")
        #expect(daemonPID(home) == nil, "the daemon stopped")
        for entry in ["dose-notify-autostart.desktop", "dose-daemon-autostart.desktop"] {
            let copy = try String(contentsOfFile: home.paths.configHome + "/autostart/" + entry, encoding: .utf8)
            #expect(copy.contains("[Desktop Entry]\nHidden=true\n") && copy.components(separatedBy: "Hidden=").count == 2, "\(entry): \(copy)")
        }
        // Off stays off: the next start starts nothing.
        _ = try home.wait(timeout: 60) { background.resume(done: $0) }.get()
        #expect(daemonPID(home) == nil)

        let on = try home.wait(timeout: 60) { background.setEnabled(true, done: $0) }.get()
        #expect(on.enabled && on.daemonRunning == true && daemonPID(home) != nil, "\(on)")
        for entry in ["dose-notify-autostart.desktop", "dose-daemon-autostart.desktop"] {
            #expect(!FileManager.default.fileExists(atPath: home.paths.configHome + "/autostart/" + entry))
        }
    }

    @Test func theOldSwitchsOffIsKeptAndNoEntryInstalledStillRunsTheQueue() throws {
        let home = try DesktopHome()
        let bus = try PrivateKeyring(keyring: false)
        let system = home.root.appendingPathComponent("etc-xdg")
        try FileManager.default.createDirectory(at: system.appendingPathComponent("autostart"), withIntermediateDirectories: true)
        let entry = try String(contentsOf: home.packageRoot.appendingPathComponent("desktop/dose-notify-autostart.desktop"), encoding: .utf8)
        try entry.write(to: system.appendingPathComponent("autostart/dose-notify-autostart.desktop"), atomically: true, encoding: .utf8)
        #expect(try home.dose("import", try home.write("pack.json", DesktopFixtures.pack)).status == 0)
        // An earlier version's morning switch turned off without systemd: a hidden copy, and no choice file.
        try FileManager.default.createDirectory(atPath: home.paths.configHome + "/autostart", withIntermediateDirectories: true)
        try ("[Desktop Entry]\nHidden=true\n" + entry).write(
            toFile: home.paths.configHome + "/autostart/dose-notify-autostart.desktop", atomically: true, encoding: .utf8)
        let dose = DesktopHome.binaryDirectory.appendingPathComponent("dose").path
        let background = BackgroundWorkService(
            paths: home.paths, queue: home.queue, busAddress: bus.address, autostartConfigDirs: [system.path], dosePath: dose)
        defer { if let pid = daemonPID(home) { kill(pid, SIGTERM) } }
        #expect(try home.wait { background.resume(done: $0) }.get().enabled == false)
        #expect(daemonPID(home) == nil)
        // No entry installed at all (a build tree, a container): turned on, the queue still runs, by the app.
        let bare = BackgroundWorkService(
            paths: home.paths, queue: home.queue, busAddress: bus.address, autostartConfigDirs: [home.root.path + "/none"], dosePath: dose)
        let on = try home.wait(timeout: 60) { bare.setEnabled(true, done: $0) }.get()
        #expect(on.enabled && on.daemonRunning == true, "\(on)")
        #expect(on.detail.hasPrefix("dose-notify-autostart.desktop not installed, dose daemon running"), "\(on.detail)")
        // No dose program to start: the switch says so.
        let missing = BackgroundWorkService(
            paths: home.paths, queue: home.queue, busAddress: bus.address, autostartConfigDirs: [], dosePath: home.root.path + "/no-dose")
        _ = try home.wait(timeout: 60) { bare.setEnabled(false, done: $0) }.get()
        guard case .failure(let failure) = try home.wait(timeout: 60, { missing.setEnabled(true, done: $0) }) else {
            Issue.record("started without a program")
            return
        }
        #expect(failure.message == "Background work couldn't be started. Try again, or log out and back in.", "\(failure.message)")
        #expect(failure.detail?.contains("no-dose") == true, "what refused is the journal's: \(String(describing: failure.detail))")
    }

    @Test func aTestNotificationIsShownByTheScheduler() throws {
        let home = try DesktopHome()
        let bus = try PrivateKeyring(keyring: false)
        let pack = try home.write("pack.json", DesktopFixtures.pack)
        #expect(try home.dose("import", pack).status == 0)
        let notifier = DesktopHome.binaryDirectory.appendingPathComponent("dose-notify").path
        let morning = BackgroundWorkService(paths: home.paths, queue: home.queue, busAddress: bus.address, notifierPath: notifier)
        guard case .failure(let none) = try home.wait({ morning.sendTest(done: $0) }) else {
            Issue.record("shown without a notification server")
            return
        }
        #expect(none.message == "No notification service answered, so nothing was shown. Is one running on this desktop?", "\(none.message)")
        #expect(none.detail?.contains("exit 69") == true, "\(String(describing: none.detail))")
        let log = home.root.appendingPathComponent("notifications.log").path
        let server = try startService(
            bus, [home.packageRoot.appendingPathComponent("tests/e2e/fake-notification-server.py").path, "0", "0", log],
            owning: "org.freedesktop.Notifications")
        defer { server.terminate() }
        let shown = try home.wait { morning.sendTest(done: $0) }.get()
        #expect(shown == "Shown: today's dose", "no ISO date, which the scheduler's own line has: \(shown)")
        #expect((try? String(contentsOfFile: log, encoding: .utf8))?.hasPrefix("notify ") == true)
    }
}
