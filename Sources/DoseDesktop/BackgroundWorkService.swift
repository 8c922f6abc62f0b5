import Dispatch
import DoseApp
import DoseCore
import DoseSystem
import Glibc
import GLibGlue

/// The "Background work" switch of Preferences and the first-run page, and what the app does as it starts: the
/// morning notification's scheduler (`dose-notify run`) and the learning queue (`dose daemon`), on or off together.
///
/// Where a systemd user manager is on the session bus and knows a unit, that unit is systemd's (`dose-notify.service`,
/// `dose-daemon.service`: enabled and started, or disabled and stopped, through its D-Bus API). A part systemd does
/// not run is the session's: its XDG autostart entry shown or hidden (`AutostartEntry`), and the daemon started now
/// by the app itself (`SessionDaemon`), so ticks turn into decks on any desktop without a command. The switch is the
/// student's choice (`BackgroundChoice`): on by default once the first run is done, and a student who turned it off
/// keeps it off, however often the app starts. The test notification is `dose-notify fire`: the scheduler itself
/// shows today's dose now and stays to handle its click, so the test is the real path.
///
/// Usage (GLib thread; answers come back there):
///
///     let background = BackgroundWorkService(paths: .fromEnvironment())
///     background.resume { result in … }                    // at start: the choice carried out (or nothing, if off)
///     background.setEnabled(false) { result in … }         // .failure names what refused
///     background.sendTest { result in toast(result) }      // .success("Shown: today's dose")
public struct BackgroundWorkService: Sendable {
    public static let schedulerUnit = "dose-notify.service"
    public static let daemonUnit = "dose-daemon.service"
    /// Seconds `sendTest` waits for the scheduler to say the notification is shown.
    static let testTimeoutSeconds: Int32 = 30

    public struct State: Sendable, Equatable {
        /// The switch: the choice, carried out.
        public var enabled: Bool
        /// The units systemd runs; the other parts run in the session.
        public var systemdUnits: [String]
        /// Whether the daemon the session runs holds its lock now; nil when it is systemd's to run.
        public var daemonRunning: Bool?
        /// How each part stands, for logs and tests ("dose-notify.service enabled", "dose daemon running (pid 42)").
        public var detail: String

        public init(enabled: Bool, systemdUnits: [String], daemonRunning: Bool? = nil, detail: String) {
            self.enabled = enabled
            self.systemdUnits = systemdUnits
            self.daemonRunning = daemonRunning
            self.detail = detail
        }
    }

    public let paths: DosePaths
    let queue: ServiceQueue
    let busAddress: String?
    let schedulerEntry: AutostartEntry
    let daemonEntry: AutostartEntry
    let notifier: String?
    let daemon: SessionDaemon

    /// - Parameters:
    ///   - busAddress: the session bus to ask (nil: the session's own).
    ///   - autostartConfigDirs: where system autostart entries are (nil: `$XDG_CONFIG_DIRS`).
    ///   - notifierPath, dosePath: `dose-notify` and `dose` (nil: beside this program, else on `PATH`).
    public init(
        paths: DosePaths, queue: ServiceQueue = .background, busAddress: String? = nil, autostartConfigDirs: [String]? = nil,
        notifierPath: String? = nil, dosePath: String? = nil
    ) {
        self.paths = paths
        self.queue = queue
        self.busAddress = busAddress
        var scheduler = AutostartEntry.fromEnvironment(paths, fileName: AutostartEntry.scheduler)
        var daemon = AutostartEntry.fromEnvironment(paths, fileName: AutostartEntry.daemon)
        if let autostartConfigDirs { (scheduler.configDirs, daemon.configDirs) = (autostartConfigDirs, autostartConfigDirs) }
        (schedulerEntry, daemonEntry) = (scheduler, daemon)
        notifier = notifierPath
        self.daemon = SessionDaemon(paths: paths, busAddress: busAddress, program: dosePath)
    }

    public func state(done: @escaping @Sendable (Result<State, ServiceFailure>) -> Void) {
        let service = self
        queue.run({ Result { () throws(ServiceFailure) in try service.readState(enabled: service.choice() == .on) } }, done: done)
    }

    /// The switch moved (or the first-run page finished): the choice recorded, then carried out.
    public func setEnabled(_ enabled: Bool, done: @escaping @Sendable (Result<State, ServiceFailure>) -> Void) {
        let service = self
        queue.run({
            Result { () throws(ServiceFailure) in
                try BackgroundChoice.write(enabled ? .on : .off, service.paths)
                return try service.apply(enabled)
            }.mapError { Self.worded($0, enabling: enabled) }
        }, done: done)
    }

    /// The app started: the recorded choice carried out — both parts enabled and running when it is on (a unit
    /// enabled by hand only, a daemon that ended, a first run from before this switch) — and nothing done when it
    /// is off. No choice yet counts as on once the first run is done (the pool has items: set up from the command
    /// line, or by an earlier version), and is recorded so; before it, nothing starts.
    public func resume(done: @escaping @Sendable (Result<State, ServiceFailure>) -> Void) {
        let service = self
        queue.run({
            Result { () throws(ServiceFailure) in
                switch service.choice() {
                case .off: return try service.readState(enabled: false)
                case .on: return try service.apply(true)
                case nil:
                    let items = (try? PoolInfo.itemCount(paths: service.paths)) ?? 0
                    guard items > 0 else { return try service.readState(enabled: false) }
                    try BackgroundChoice.write(.on, service.paths)
                    return try service.apply(true)
                }
            }.mapError { Self.worded($0, enabling: true) }
        }, done: done)
    }

    /// A failure of the switch in the student's words; what refused (systemd's error, a program missing) is the
    /// failure's `detail`, logged where the window shows it.
    private static func worded(_ failure: ServiceFailure, enabling: Bool) -> ServiceFailure {
        let detail = "background work: " + (failure.detail ?? failure.message)
        return ServiceFailure(
            enabling ? tr("Background work couldn't be started. Try again, or log out and back in.")
                : tr("Background work couldn't be stopped. Try again."),
            detail: detail)
    }

    /// Asks the scheduler to show a notification now (`dose-notify fire`); answers once it is shown or refused.
    public func sendTest(done: @escaping @Sendable (Result<String, ServiceFailure>) -> Void) {
        let service = self
        queue.run({ service.fire() }, done: done)
    }

    /// The recorded choice; without one, the old switch's "off" where it left one (the scheduler's autostart
    /// entry hidden by the user), else none.
    func choice() -> BackgroundChoice? {
        BackgroundChoice.read(paths) ?? (schedulerEntry.isHiddenByUser ? .off : nil)
    }

    /// Makes every part match `enabled`: systemd's units enabled and started (or disabled and stopped), the
    /// session's autostart entries shown (or hidden) and its daemon started (or stopped).
    private func apply(_ enabled: Bool) throws(ServiceFailure) -> State {
        let (manager, states) = systemdUnits()
        let units = Self.units.filter { states[$0] != nil }
        if let manager, !units.isEmpty {
            do throws(GLibError) {
                if enabled {
                    let off = units.filter { !Self.isEnabled(states[$0]) }
                    if !off.isEmpty { try manager.enable(off) }
                    for unit in units { try manager.start(unit) }
                } else {
                    try manager.disable(units)
                    for unit in units { try manager.stop(unit) }
                }
            } catch {
                let values: KeyValuePairs<String, any CustomStringConvertible> = ["unit": units.joined(separator: ", "), "error": error.message]
                throw ServiceFailure(enabled
                    ? tr("systemd could not enable {unit}: {error}", values)
                    : tr("systemd could not disable {unit}: {error}", values))
            }
        }
        if states[Self.schedulerUnit] == nil, schedulerEntry.systemPath != nil { try schedulerEntry.setEnabled(enabled) }
        if states[Self.daemonUnit] == nil {
            if daemonEntry.systemPath != nil { try daemonEntry.setEnabled(enabled) }
            if enabled { try daemon.start() } else { daemon.stop() }
        }
        return try readState(enabled: enabled)
    }

    private static var units: [String] { [schedulerUnit, daemonUnit] }

    private static func isEnabled(_ state: String?) -> Bool { state == "enabled" || state == "enabled-runtime" }

    /// systemd's manager when one is on the bus, with the unit-file state of each unit it knows (a unit it
    /// answers NoSuchUnit for, as for a build tree's programs, is left to the session).
    private func systemdUnits() -> (SystemdUserManager?, [String: String]) {
        guard busAddress != nil || Environment.value("DBUS_SESSION_BUS_ADDRESS") != nil || hasRuntimeBus(),
              let manager = try? SystemdUserManager(address: busAddress), (try? manager.isPresent()) == true
        else { return (nil, [:]) }
        var states: [String: String] = [:]
        for unit in Self.units {
            if let state = try? manager.unitFileState(unit) { states[unit] = state }
        }
        return (manager, states)
    }

    /// `$XDG_RUNTIME_DIR/bus`, where GIO finds the session bus without the variable.
    private func hasRuntimeBus() -> Bool {
        guard let runtime = paths.runtimeDirectory else { return false }
        var info = stat()
        return stat(runtime + "/bus", &info) == 0 && (info.st_mode & S_IFMT) == S_IFSOCK
    }

    private func readState(enabled: Bool) throws(ServiceFailure) -> State {
        let (_, states) = systemdUnits()
        var parts: [String] = Self.units.compactMap { unit in states[unit].map { "\(unit) \($0)" } }
        if states[Self.schedulerUnit] == nil {
            parts.append(schedulerEntry.systemPath == nil
                ? "\(AutostartEntry.scheduler) not installed"
                : "\(AutostartEntry.scheduler) \(schedulerEntry.isEnabled() ? "shown" : "hidden")")
        }
        var running: Bool?
        if states[Self.daemonUnit] == nil {
            let pid = daemon.running
            running = pid != nil
            parts.append(pid.map { "dose daemon running (pid \($0))" } ?? "dose daemon not running")
        }
        return State(
            enabled: enabled, systemdUnits: Self.units.filter { states[$0] != nil }, daemonRunning: running,
            detail: parts.joined(separator: ", "))
    }

    /// Runs `dose-notify fire` and reads its output until it says the notification is shown or it ends.
    private func fire() -> Result<String, ServiceFailure> {
        guard let program = notifier ?? ChildProgram.find("dose-notify") else {
            return .failure(ServiceFailure(
                tr("The test notification couldn't be shown: part of Daily Dose is missing. Reinstall it."),
                detail: "dose-notify is not installed (neither beside this program nor on PATH)"))
        }
        var fds: [Int32] = [-1, -1]
        // Close-on-exec at once: a child another thread spawns meanwhile must not keep the write end (no EOF then).
        guard pipe(&fds) == 0 else {
            return .failure(ServiceFailure(tr("The test notification couldn't be shown."), detail: "pipe: \(String(cString: strerror(errno)))"))
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
        let pid: pid_t
        do throws(ServiceFailure) {
            pid = try ChildProgram.spawn([program, "fire"], environment: ChildProgram.environment(paths: paths, busAddress: busAddress), actions: &actions)
        } catch {
            close(fds[1])
            close(fds[0])
            return .failure(ServiceFailure(tr("The test notification couldn't be shown."), detail: error.detail ?? error.message))
        }
        close(fds[1])
        defer { close(fds[0]) }
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
                Log.info("daily-dose: test notification: \(TerminalText.safe(String(line)))")
                return .success(tr("Shown: today's dose"))
            }
        }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
        let said = TerminalText.safe(String(decoding: output, as: UTF8.self)).split(separator: "\n").joined(separator: " ")
        let code = ChildProgram.exitCode(status)
        let detail = "the test notification was not shown (dose-notify fire, exit \(code)): \(said)"
        // 69: no notification server on the bus; anything else is ours (no dose today, a broken install).
        return .failure(ServiceFailure(
            code == ExitCode.unavailable.rawValue
                ? tr("No notification service answered, so nothing was shown. Is one running on this desktop?")
                : tr("The test notification couldn't be shown."),
            detail: detail))
    }
}
