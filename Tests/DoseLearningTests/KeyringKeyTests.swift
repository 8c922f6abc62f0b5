import DoseTestSupport
import Foundation
import Testing

/// The provider's key from the Secret Service (a real GNOME Keyring on a private bus), in `ProviderKey`'s
/// order: `DOSE_PROVIDER_KEY`, then `provider.key-file`, then the keyring.
@Suite(.timeLimit(.minutes(5)), .watched) struct KeyringKeyTests {
    static let schema = "net.dailydose.DailyDose.ProviderKey"

    /// A sandbox whose provider accepts only `expected`, configured, one topic ticked.
    func sandbox(expecting expected: String) throws -> LearnSandbox {
        let box = try LearnSandbox()
        try box.startProvider(#"{"key": "\#(expected)"}"#)
        try box.configureProvider()
        #expect(try box.dose("learn", "tick", "Physics", "Ohm").status == 0)
        return box
    }

    func bus(_ keyring: PrivateKeyring) -> [String: String] { ["DBUS_SESSION_BUS_ADDRESS": keyring.address] }

    @Test func aKeyInTheKeyringIsSentToItsProvider() throws {
        let keyring = try PrivateKeyring()
        let box = try sandbox(expecting: "sk-ring")
        try keyring.secretToolStore(provider: box.providerURL, key: "sk-ring", schema: Self.schema)
        let run = try box.run(["learn", "run"], extraEnvironment: bus(keyring))
        #expect(run.status == 0, "\(run.stdout)\(run.stderr)")
        #expect(try box.requests().count == 2)
        #expect(try box.requests().allSatisfy { $0["auth"] as? Bool == true && $0["response"] as? String == "ok" })
        // Without the bus, the same run has no key: the provider refuses it.
        try box.dose("learn", "tick", "Physics", "Gauss")
        let headless = try box.run(["learn", "run"])
        #expect(headless.status == 75, "\(headless.stdout)\(headless.stderr)")
        #expect(try box.requests().last?["response"] as? String == "401")
    }

    @Test func theKeyFileAndThenTheVariableComeBeforeTheKeyring() throws {
        let keyring = try PrivateKeyring()
        let box = try sandbox(expecting: "sk-file")
        try keyring.secretToolStore(provider: box.providerURL, key: "sk-ring", schema: Self.schema)
        let keyPath = box.root.appendingPathComponent("key").path
        #expect(FileManager.default.createFile(atPath: keyPath, contents: Data("sk-file\n".utf8), attributes: [.posixPermissions: 0o600]))
        #expect(try box.dose("config", "set", "provider.key-file", keyPath).status == 0)
        let run = try box.run(["learn", "run"], extraEnvironment: bus(keyring))
        #expect(run.status == 0, "the key file wins over the keyring: \(run.stdout)\(run.stderr)")
        try box.dose("learn", "tick", "Physics", "Gauss")
        let overridden = try box.run(["learn", "run"], extraEnvironment: bus(keyring).merging(["DOSE_PROVIDER_KEY": "sk-env"]) { $1 })
        #expect(overridden.status == 75, "the variable wins over both: \(overridden.stdout)")
        #expect(try box.requests().last?["response"] as? String == "401")
    }

    @Test func aBusWithoutASecretServiceIsNoKeyNotAFailure() throws {
        let bare = try PrivateKeyring(keyring: false)
        let box = try LearnSandbox()
        // A local provider that needs no key.
        try box.startProvider()
        try box.configureProvider()
        try box.dose("learn", "tick", "Physics", "Ohm")
        let run = try box.run(["learn", "run"], extraEnvironment: bus(bare))
        #expect(run.status == 0, "\(run.stdout)\(run.stderr)")
        #expect(try box.requests().allSatisfy { $0["auth"] as? Bool == false })
    }

    @Test func aKeyWithAControlCharacterInTheKeyringIsRefusedNamingTheKeyring() throws {
        let keyring = try PrivateKeyring()
        let box = try sandbox(expecting: "sk-ring")
        try keyring.secretToolStore(provider: box.providerURL, key: "sk-\u{1B}[2Jring", schema: Self.schema)
        let run = try box.run(["learn", "run"], extraEnvironment: bus(keyring))
        #expect(run.status == 78, "\(run.stdout)\(run.stderr)")
        #expect(try box.requests().isEmpty)
        let list = try box.run(["learn", "list", "--json"], extraEnvironment: bus(keyring))
        #expect(list.stdout.contains("the key stored in the Secret Service for"), "\(list.stdout)")
        #expect(!list.stdout.contains("[2J"), "the key is never shown")
    }

    @Test func aSecretServiceThatNeverAnswersEndsAtTheTimeoutAsAProviderProblem() throws {
        let silentBus = try PrivateKeyring(keyring: false)
        let box = try sandbox(expecting: "sk-ring")
        let silent = try ChildProcess(
            "/usr/bin/python3", [box.packageRoot.appendingPathComponent("tests/support/silent_secrets.py").path],
            environment: silentBus.environment, stdout: .discard)
        defer { silent.terminate() }
        #expect(try box.wait(timeout: 10) {
            try silentBus.run("/usr/bin/gdbus", ["call", "--session", "--dest", "org.freedesktop.DBus", "--object-path", "/org/freedesktop/DBus",
                                           "--method", "org.freedesktop.DBus.NameHasOwner", "org.freedesktop.secrets"]).stdout.contains("true")
        } != nil)
        let started = Date()
        let run = try box.run(["learn", "run"], extraEnvironment: bus(silentBus).merging(["DOSE_SECRET_TIMEOUT": "2"]) { $1 })
        let seconds = Date().timeIntervalSince(started)
        print("silent Secret Service → learn run ended after \(String(format: "%.2f", seconds)) s")
        #expect(run.status == 78, "\(run.stdout)\(run.stderr)")
        #expect(seconds >= 2 && seconds < 8)
        #expect(run.stdout.contains("no answer from the Secret Service in time"), "\(run.stdout)")
        #expect(try box.requests().isEmpty, "nothing sent without the key")
    }

    /// What the app does after storing a key (DoseDesktop's `ProviderKeyService`): it touches the wake file
    /// the daemon already watches, and the daemon's next look at the provider finds the key in the keyring.
    @Test func aRunningDaemonUsesAKeyStoredInTheKeyringOnceWoken() throws {
        let keyring = try PrivateKeyring()
        let box = try sandbox(expecting: "sk-ring")
        let log = box.root.appendingPathComponent("daemon.log").path
        let daemon = try box.start(["daemon"], log: log, extraEnvironment: bus(keyring))
        defer { daemon.terminate() }
        #expect(try box.wait(timeout: 10) { try box.requests().count == 1 } != nil)
        #expect(try box.requests().first?["response"] as? String == "401")
        #expect(try box.wait(timeout: 10) { try box.list()["Ohm"]?["state"] as? String == "paused" } != nil)
        try keyring.secretToolStore(provider: box.providerURL, key: "sk-ring", schema: Self.schema)
        let wake = box.root.appendingPathComponent("runtime/daily-dose/learn.wake").path
        try "1\n".write(toFile: wake, atomically: true, encoding: .utf8)
        let delay = try #require(
            try box.wait(timeout: 10) { try box.requests().count > 1 }, "\((try? String(contentsOfFile: log, encoding: .utf8)) ?? "")")
        print("key stored in the keyring, wake file touched → next request \(String(format: "%.2f", delay)) s")
        #expect(delay <= 2)
        #expect(try box.wait(timeout: 10) { try box.list()["Ohm"]?["state"] as? String == "ready" } != nil)
    }
}
