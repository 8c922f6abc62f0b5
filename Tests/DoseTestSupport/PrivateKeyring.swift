import Foundation

/// A real GNOME Keyring (`gnome-keyring-daemon --unlock --components=secrets`) on a private D-Bus session bus,
/// in a throw-away home: the Secret Service as libsecret finds it on a desktop, with no prompt.
///
/// The bus runs under a small shell that kills it when its standard input closes, which happens when the
/// instance goes or this test process exits (however it exits); the keyring daemon leaves with its bus
/// (and is killed by pid when the instance goes).
/// With `keyring: false` the bus has no Secret Service at all (nothing owns `org.freedesktop.secrets`, and the
/// bus activates nothing).
public final class PrivateKeyring: @unchecked Sendable {
    public let directory: URL
    /// The bus address, for `DBUS_SESSION_BUS_ADDRESS`.
    public let address: String
    /// The shell that runs the bus; the test holds its standard input (close-on-exec: no other child inherits it).
    private let lifeline: ChildProcess

    public init(keyring: Bool = true) throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("dose-keyring-\(UUID().uuidString)")
        for sub in ["home", "runtime"] {
            try FileManager.default.createDirectory(
                at: directory.appendingPathComponent(sub), withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        }
        // A session bus with no service directories: only what the test starts is on it.
        let config = directory.appendingPathComponent("bus.conf")
        try """
        <!DOCTYPE busconfig PUBLIC "-//freedesktop//DTD D-Bus Bus Configuration 1.0//EN"
         "http://www.freedesktop.org/standards/dbus/1.0/busconfig.dtd">
        <busconfig><type>session</type><listen>unix:dir=\(directory.path)</listen>
        <policy context="default"><allow send_destination="*" eavesdrop="true"/><allow eavesdrop="true"/><allow own="*"/></policy>
        </busconfig>
        """.write(to: config, atomically: true, encoding: .utf8)
        let addressFile = directory.appendingPathComponent("address")
        let script = #"trap '' TERM HUP INT; dbus-daemon --config-file="$1" --nofork --print-address=3 3>"$2" </dev/null & bus=$!; cat >/dev/null; kill -9 $bus"#
        // Its own process group: killed at its deadline, the bus goes with it.
        lifeline = try ChildProcess(
            "/bin/sh", ["-c", script, "sh", config.path, addressFile.path], environment: ["PATH": "/usr/bin:/bin"],
            stdin: .pipe, stdout: .discard, stderr: .discard, leadsGroup: true)
        var text = ""
        _ = lifeline.waitUntil(timeout: .seconds(60)) {
            text = (try? String(contentsOf: addressFile, encoding: .utf8)) ?? ""
            return text.hasSuffix("\n")
        }
        address = text.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !address.isEmpty else { throw KeyringSetupError("dbus-daemon printed no address") }
        guard keyring else { return }
        // --unlock reads the login keyring's password from standard input, creating the keyring; the daemon forks.
        let start = try run("/usr/bin/gnome-keyring-daemon", ["--unlock", "--components=secrets"], input: "pw")
        guard start.status == 0 else { throw KeyringSetupError("gnome-keyring-daemon: \(start.stderr)") }
        let deadline = ContinuousClock.now + .seconds(60)
        while ContinuousClock.now < deadline {
            if try run("/usr/bin/gdbus", [
                "call", "--session", "--dest", "org.freedesktop.DBus", "--object-path", "/org/freedesktop/DBus",
                "--method", "org.freedesktop.DBus.NameHasOwner", "org.freedesktop.secrets",
            ]).stdout.contains("true") { return }
            usleep(10_000)
        }
        throw KeyringSetupError("org.freedesktop.secrets did not appear on the private bus within 60 s")
    }

    deinit {
        // The keyring daemon (SIGKILL: it ignores SIGTERM), by the pid its bus connection has, then the bus.
        if let answer = try? run("/usr/bin/gdbus", [
            "call", "--session", "--dest", "org.freedesktop.DBus", "--object-path", "/org/freedesktop/DBus",
            "--method", "org.freedesktop.DBus.GetConnectionUnixProcessID", "org.freedesktop.secrets",
        ]).stdout, let pid = Int32(answer.filter(\.isNumber).dropFirst(2)), pid > 1 {
            kill(pid, SIGKILL)
        }
        lifeline.closeInput()
        lifeline.wait(timeout: .seconds(30))
        try? FileManager.default.removeItem(at: directory)
    }

    /// What a process needs to use this bus and keyring (and nothing of the caller's session).
    public var environment: [String: String] {
        [
            "DBUS_SESSION_BUS_ADDRESS": address,
            "HOME": directory.appendingPathComponent("home").path,
            "XDG_DATA_HOME": directory.appendingPathComponent("home/.local/share").path,
            "XDG_RUNTIME_DIR": directory.appendingPathComponent("runtime").path,
            "PATH": "/usr/bin:/bin",
        ]
    }

    public struct Run {
        public var status: Int32
        public var stdout: String
        public var stderr: String
    }

    /// Runs `executable` on this bus (its environment only), `input` on standard input, to its end (at most
    /// `timeout`, then it is killed: status 128 + the signal).
    @discardableResult
    public func run(_ executable: String, _ arguments: [String], input: String = "", timeout: Duration = ChildProcess.defaultTimeout) throws -> Run {
        // Output to files (the helper's), not pipes: gnome-keyring-daemon's forked child keeps what it inherited open for good.
        let result = try ChildProcess.run(executable, arguments, environment: environment, stdin: .text(input), timeout: timeout)
        return Run(status: result.status, stdout: result.stdout, stderr: result.timedOut ? "\(result)" : result.stderr)
    }

    /// `secret-tool lookup provider URL`: what any libsecret client finds for the app's schema attribute.
    public func secretToolLookup(provider: String) throws -> String? {
        let result = try run("/usr/bin/secret-tool", ["lookup", "provider", provider])
        return result.status == 0 ? result.stdout : nil
    }

    /// `secret-tool store` under the app's schema name, as another client would put a key there.
    public func secretToolStore(provider: String, key: String, schema: String) throws {
        let result = try run("/usr/bin/secret-tool", ["store", "--label=test key", "xdg:schema", schema, "provider", provider], input: key)
        guard result.status == 0 else { throw KeyringSetupError("secret-tool store: \(result.stderr)") }
    }
}

public struct KeyringSetupError: Error, CustomStringConvertible {
    public let description: String
    public init(_ description: String) { self.description = description }
}

extension PrivateKeyring {
    /// The one keyring in-process libsecret calls reach: GIO connects to the session bus once per process
    /// (and would end the process if that bus went), so the first use points `DBUS_SESSION_BUS_ADDRESS` at
    /// this bus for good. Child processes get its `environment` explicitly, like any sandbox's.
    public static let shared: PrivateKeyring = {
        do {
            let keyring = try PrivateKeyring()
            setenv("DBUS_SESSION_BUS_ADDRESS", keyring.address, 1)
            return keyring
        } catch {
            fatalError("cannot start the private keyring: \(error)")
        }
    }()
}
