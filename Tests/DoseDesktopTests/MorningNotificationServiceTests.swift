import DoseDesktop
import DoseTestSupport
import Foundation
import Testing

/// The morning notification's switch against a stand-in systemd user manager (tests/support/fake_systemd.py,
/// the real D-Bus protocol on a private bus), the autostart entries in a temporary XDG_CONFIG_HOME, and the
/// test notification through `dose-notify fire` to a fake notification server.
@Suite(.timeLimit(.minutes(5)), .watched) struct MorningNotificationServiceTests {
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

    func calls(_ log: String) -> [[String: Any]] {
        ((try? String(contentsOfFile: log, encoding: .utf8)) ?? "").split(separator: "\n").compactMap {
            try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any]
        }
    }

    @Test func withASystemdUserManagerTheUnitIsEnabledAndStartedThenDisabledAndStopped() throws {
        let home = try DesktopHome()
        let bus = try PrivateKeyring(keyring: false)
        let log = home.root.appendingPathComponent("systemd.log").path
        let systemd = try startService(
            bus, [home.packageRoot.appendingPathComponent("tests/support/fake_systemd.py").path, log, "dose-notify.service=disabled"],
            owning: "org.freedesktop.systemd1")
        defer { systemd.terminate() }
        let morning = MorningNotificationService(paths: home.paths, queue: home.queue, busAddress: bus.address, autostartConfigDirs: [])
        let before = try home.wait { morning.state(done: $0) }.get()
        #expect(before == .init(enabled: false, mechanism: .systemd, detail: "disabled"))
        let on = try home.wait { morning.setEnabled(true, done: $0) }.get()
        #expect(on == .init(enabled: true, mechanism: .systemd, detail: "enabled"))
        let methods = calls(log).map { $0["method"] as? String ?? "" }
        #expect(methods == ["GetUnitFileState", "EnableUnitFiles", "Reload", "StartUnit", "GetUnitFileState"], "\(methods)")
        let enable = calls(log)[1]["args"] as? [Any]
        #expect(enable?.first as? [String] == ["dose-notify.service"] && enable?[1] as? Bool == false)
        #expect(calls(log)[3]["args"] as? [String] == ["dose-notify.service", "replace"])
        let off = try home.wait { morning.setEnabled(false, done: $0) }.get()
        #expect(off.enabled == false && off.detail == "disabled")
        #expect(calls(log).suffix(4).map { $0["method"] as? String ?? "" } == ["DisableUnitFiles", "Reload", "StopUnit", "GetUnitFileState"])
        // systemd was there: no autostart file was written.
        #expect(!FileManager.default.fileExists(atPath: home.paths.configHome + "/autostart/dose-notify-autostart.desktop"))
    }

    @Test func aUnitSystemdDoesNotKnowIsAFailureNamingIt() throws {
        let home = try DesktopHome()
        let bus = try PrivateKeyring(keyring: false)
        let log = home.root.appendingPathComponent("systemd.log").path
        let systemd = try startService(
            bus, [home.packageRoot.appendingPathComponent("tests/support/fake_systemd.py").path, log], owning: "org.freedesktop.systemd1")
        defer { systemd.terminate() }
        let morning = MorningNotificationService(paths: home.paths, queue: home.queue, busAddress: bus.address, autostartConfigDirs: [])
        guard case .failure(let failure) = try home.wait({ morning.state(done: $0) }) else {
            Issue.record("an unknown unit had a state")
            return
        }
        #expect(failure.message.contains("dose-notify.service") && failure.message.contains("NoSuchUnit"), "\(failure.message)")
    }

    @Test func withoutSystemdTheAutostartEntryIsHiddenThenRemoved() throws {
        let home = try DesktopHome()
        let bus = try PrivateKeyring(keyring: false)
        let system = home.root.appendingPathComponent("etc-xdg")
        try FileManager.default.createDirectory(at: system.appendingPathComponent("autostart"), withIntermediateDirectories: true)
        let entry = try String(contentsOf: home.packageRoot.appendingPathComponent("desktop/dose-notify-autostart.desktop"), encoding: .utf8)
        try entry.write(to: system.appendingPathComponent("autostart/dose-notify-autostart.desktop"), atomically: true, encoding: .utf8)
        let morning = MorningNotificationService(paths: home.paths, queue: home.queue, busAddress: bus.address, autostartConfigDirs: [system.path])
        let user = home.paths.configHome + "/autostart/dose-notify-autostart.desktop"
        let before = try home.wait { morning.state(done: $0) }.get()
        #expect(before.enabled && before.mechanism == .autostart && before.detail == user)
        let off = try home.wait { morning.setEnabled(false, done: $0) }.get()
        #expect(!off.enabled)
        let copy = try String(contentsOfFile: user, encoding: .utf8)
        #expect(copy.contains("[Desktop Entry]\nHidden=true\n") && copy.contains("Exec=dose-notify run"), "\(copy)")
        #expect(copy.components(separatedBy: "Hidden=").count == 2, "one Hidden key")
        let on = try home.wait { morning.setEnabled(true, done: $0) }.get()
        #expect(on.enabled && !FileManager.default.fileExists(atPath: user))
        // No entry installed at all: the switch says why it cannot turn on.
        let bare = MorningNotificationService(paths: home.paths, queue: home.queue, busAddress: bus.address, autostartConfigDirs: [home.root.path + "/none"])
        #expect(try home.wait { bare.state(done: $0) }.get().enabled == false)
        guard case .failure(let failure) = try home.wait({ bare.setEnabled(true, done: $0) }) else {
            Issue.record("turned on without an entry")
            return
        }
        #expect(failure.message.contains("not installed"))
    }

    @Test func aTestNotificationIsShownByTheScheduler() throws {
        let home = try DesktopHome()
        let bus = try PrivateKeyring(keyring: false)
        let pack = try home.write("pack.json", DesktopFixtures.pack)
        #expect(try home.dose("import", pack).status == 0)
        let notifier = DesktopHome.binaryDirectory.appendingPathComponent("dose-notify").path
        let morning = MorningNotificationService(paths: home.paths, queue: home.queue, busAddress: bus.address, notifierPath: notifier)
        guard case .failure(let none) = try home.wait({ morning.sendTest(done: $0) }) else {
            Issue.record("shown without a notification server")
            return
        }
        #expect(none.message.contains("exit 69"), "\(none.message)")
        let log = home.root.appendingPathComponent("notifications.log").path
        let server = try startService(
            bus, [home.packageRoot.appendingPathComponent("tests/e2e/fake-notification-server.py").path, "0", "0", log],
            owning: "org.freedesktop.Notifications")
        defer { server.terminate() }
        let shown = try home.wait { morning.sendTest(done: $0) }.get()
        #expect(shown.hasPrefix("Shown: the dose of "), "\(shown)")
        #expect((try? String(contentsOfFile: log, encoding: .utf8))?.hasPrefix("notify ") == true)
    }
}
