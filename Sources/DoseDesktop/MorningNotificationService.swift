import Dispatch
import DoseCore
import DoseSystem
import Glibc
import GLibGlue

/// Preferences' "Morning notification" switch and "Send a test notification".
///
/// Where a systemd user manager is on the session bus, the switch is the user unit `dose-notify.service`
/// through its D-Bus API (enable + start, disable + stop; its unit-file state is the switch's state). Elsewhere
/// it is the XDG autostart entry (`AutostartEntry`). The test notification is `dose-notify fire`: the scheduler
/// itself shows today's dose now and stays to handle its click, so the test is the real path.
///
/// Usage (GLib thread; answers come back there):
///
///     let morning = MorningNotificationService(paths: .fromEnvironment())
///     morning.state { result in switchRow.active = (try? result.get().enabled) ?? false }
///     morning.setEnabled(true) { result in … }             // .failure names what refused
///     morning.sendTest { result in toast(result) }         // .success("Shown: the dose of 2026-12-01")
public struct MorningNotificationService: Sendable {
    public static let unit = "dose-notify.service"
    /// Seconds `sendTest` waits for the scheduler to say the notification is shown.
    static let testTimeoutSeconds: Int32 = 30

    public enum Mechanism: String, Sendable, Equatable {
        case systemd = "systemd user unit"
        case autostart = "autostart entry"
    }

    public struct State: Sendable, Equatable {
        public var enabled: Bool
        public var mechanism: Mechanism
        /// systemd's unit-file state ("enabled", "disabled", "masked", …), or the autostart entry's path.
        public var detail: String

        public init(enabled: Bool, mechanism: Mechanism, detail: String) {
            self.enabled = enabled
            self.mechanism = mechanism
            self.detail = detail
        }
    }

    public let paths: DosePaths
    let queue: ServiceQueue
    let busAddress: String?
    let autostart: AutostartEntry
    let notifier: String?

    /// - Parameters:
    ///   - busAddress: the session bus to ask (nil: the session's own).
    ///   - autostartConfigDirs: where system autostart entries are (nil: `$XDG_CONFIG_DIRS`).
    ///   - notifierPath: `dose-notify` (nil: beside this program, else on `PATH`).
    public init(
        paths: DosePaths, queue: ServiceQueue = .app, busAddress: String? = nil, autostartConfigDirs: [String]? = nil,
        notifierPath: String? = nil
    ) {
        self.paths = paths
        self.queue = queue
        self.busAddress = busAddress
        var entry = AutostartEntry.fromEnvironment(paths)
        if let autostartConfigDirs { entry.configDirs = autostartConfigDirs }
        autostart = entry
        notifier = notifierPath
    }

    public func state(done: @escaping @Sendable (Result<State, ServiceFailure>) -> Void) {
        let service = self
        queue.run({ Result { () throws(ServiceFailure) in try service.readState() } }, done: done)
    }

    public func setEnabled(_ enabled: Bool, done: @escaping @Sendable (Result<State, ServiceFailure>) -> Void) {
        let service = self
        queue.run({
            Result { () throws(ServiceFailure) in
                if let systemd = service.systemd() {
                    do throws(GLibError) {
                        if enabled { try systemd.enableNow(Self.unit) } else { try systemd.disableNow(Self.unit) }
                    } catch {
                        let values: KeyValuePairs<String, any CustomStringConvertible> = ["unit": Self.unit, "error": error.message]
                        throw ServiceFailure(enabled
                            ? tr("systemd could not enable {unit}: {error}", values)
                            : tr("systemd could not disable {unit}: {error}", values))
                    }
                } else {
                    try service.autostart.setEnabled(enabled)
                }
                return try service.readState()
            }
        }, done: done)
    }

    /// Asks the scheduler to show a notification now (`dose-notify fire`); answers once it is shown or refused.
    public func sendTest(done: @escaping @Sendable (Result<String, ServiceFailure>) -> Void) {
        let service = self
        queue.run({ service.fire() }, done: done)
    }

    /// systemd's manager when one is on the bus, else nil (no bus, or no user manager on it).
    private func systemd() -> SystemdUserManager? {
        guard busAddress != nil || Environment.value("DBUS_SESSION_BUS_ADDRESS") != nil || hasRuntimeBus(),
              let manager = try? SystemdUserManager(address: busAddress), (try? manager.isPresent()) == true
        else { return nil }
        return manager
    }

    /// `$XDG_RUNTIME_DIR/bus`, where GIO finds the session bus without the variable.
    private func hasRuntimeBus() -> Bool {
        guard let runtime = paths.runtimeDirectory else { return false }
        var info = stat()
        return stat(runtime + "/bus", &info) == 0 && (info.st_mode & S_IFMT) == S_IFSOCK
    }

    private func readState() throws(ServiceFailure) -> State {
        guard let systemd = systemd() else {
            return State(enabled: autostart.isEnabled(), mechanism: .autostart, detail: autostart.userPath)
        }
        do {
            let state = try systemd.unitFileState(Self.unit)
            return State(enabled: state == "enabled" || state == "enabled-runtime", mechanism: .systemd, detail: state)
        } catch {
            throw ServiceFailure(tr(
                "systemd does not know {unit} (is Daily Dose installed?): {error}", ["unit": Self.unit, "error": error.message]))
        }
    }

    /// Runs `dose-notify fire` and reads its output until it says the notification is shown or it ends.
    private func fire() -> Result<String, ServiceFailure> {
        guard let program = notifier ?? Self.findNotifier() else {
            return .failure(ServiceFailure(tr("dose-notify is not installed (neither beside this program nor on PATH)")))
        }
        var fds: [Int32] = [-1, -1]
        // Close-on-exec at once: a child another thread spawns meanwhile must not keep the write end (no EOF then).
        guard pipe(&fds) == 0 else {
            return .failure(ServiceFailure(tr("cannot start {program}: {error}", ["program": "dose-notify", "error": String(cString: strerror(errno))])))
        }
        _ = fcntl(fds[0], F_SETFD, FD_CLOEXEC)
        _ = fcntl(fds[1], F_SETFD, FD_CLOEXEC)
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_adddup2(&actions, fds[1], 1)
        posix_spawn_file_actions_adddup2(&actions, fds[1], 2)
        posix_spawn_file_actions_addclose(&actions, fds[0])
        // The scheduler reads the same files as this app (its paths), on the same bus.
        var overrides = [
            "XDG_DATA_HOME": paths.dataHome, "XDG_CONFIG_HOME": paths.configHome, "XDG_STATE_HOME": paths.stateHome,
            "XDG_CACHE_HOME": paths.cacheHome,
        ]
        if let runtime = paths.runtimeDirectory { overrides["XDG_RUNTIME_DIR"] = runtime }
        if let busAddress { overrides["DBUS_SESSION_BUS_ADDRESS"] = busAddress }
        var environment: [String] = []
        var entry = environ
        while let pointer = entry.pointee {
            let text = String(cString: pointer)
            if !overrides.keys.contains(where: { text.hasPrefix($0 + "=") }) { environment.append(text) }
            entry += 1
        }
        environment += overrides.map { "\($0.key)=\($0.value)" }
        let words: [String] = [program, "fire"]
        let argv: [UnsafeMutablePointer<CChar>?] = words.map { strdup($0) } + [nil]
        let envp: [UnsafeMutablePointer<CChar>?] = environment.map { strdup($0) } + [nil]
        defer { (argv + envp).forEach { free($0) } }
        var pid: pid_t = 0
        let spawned = posix_spawn(&pid, program, &actions, nil, argv, envp)
        close(fds[1])
        defer { close(fds[0]) }
        guard spawned == 0 else {
            return .failure(ServiceFailure(tr("cannot start {program}: {error}", ["program": program, "error": String(cString: strerror(spawned))])))
        }
        var output: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 4096)
        var waited: Int32 = 0
        while output.count < 64 * 1024 {
            // Bounded: a server that never answers Notify must not hold the services' queue.
            var poller = pollfd(fd: fds[0], events: Int16(POLLIN), revents: 0)
            let ready = poll(&poller, 1, 1000)
            if ready < 0 && errno == EINTR { continue }
            if ready == 0 {
                waited += 1
                if waited < Self.testTimeoutSeconds { continue }
                kill(pid, SIGTERM)
                output += Array(tr("(no answer within {seconds} s)", ["seconds": Self.testTimeoutSeconds]).utf8)
                break
            }
            let count = buffer.withUnsafeMutableBytes { read(fds[0], $0.baseAddress, $0.count) }
            if count < 0 && errno == EINTR { continue }
            guard count > 0 else { break }
            output += buffer[0..<count]
            let text = String(decoding: output, as: UTF8.self)
            if let line = text.split(separator: "\n").first(where: { $0.hasPrefix("Shown:") }) {
                // It stays to handle the click; reap it whenever it ends.
                let child = pid
                DispatchQueue.global().async { var status: Int32 = 0; waitpid(child, &status, 0) }
                return .success(TerminalText.safe(String(line)))
            }
        }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
        let said = TerminalText.safe(String(decoding: output, as: UTF8.self)).split(separator: "\n").joined(separator: " ")
        let code = (status & 0x7f) == 0 ? (status >> 8) & 0xff : 128 + (status & 0x7f)
        return .failure(ServiceFailure(tr(
            "the test notification was not shown (dose-notify fire, exit {status}): {output}", ["status": code, "output": said])))
    }

    /// `dose-notify` beside this program (an install, a build tree), else on `PATH`.
    static func findNotifier() -> String? {
        var buffer = [CChar](repeating: 0, count: 4096)
        let length = readlink("/proc/self/exe", &buffer, buffer.count - 1)
        if length > 0 {
            let exe = String(decoding: buffer[0..<length].map { UInt8(bitPattern: $0) }, as: UTF8.self)
            let beside = FileSystem.parentDirectory(of: exe) + "/dose-notify"
            if access(beside, X_OK) == 0 { return beside }
        }
        for directory in (Environment.value("PATH") ?? "/usr/bin:/bin").split(separator: ":") {
            let candidate = String(directory) + "/dose-notify"
            if access(candidate, X_OK) == 0 { return candidate }
        }
        return nil
    }
}
