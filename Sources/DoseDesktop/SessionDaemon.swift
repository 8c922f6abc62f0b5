import Dispatch
import DoseLearning
import DoseSystem
import Glibc

/// `dose daemon` as a process of the session, where no systemd user manager runs it: started by the app
/// (detached: a session of its own, so neither the terminal that started the app nor the app's end stops it)
/// and stopped through the lock every daemon holds, which also says whether one runs at all.
///
/// One daemon per user whoever starts it: the app starts none while the lock is held, and a daemon the autostart
/// entry started meanwhile finds the lock taken and leaves (DaemonInstanceLock). It ends with the session, when
/// its session bus closes. Blocking calls, for the services' queue.
struct SessionDaemon: Sendable {
    /// How long a start waits to see the daemon hold its lock (or fail), and a stop to see it gone.
    static let settleSeconds = 10

    let paths: DosePaths
    let busAddress: String?
    /// `dose` (nil: beside this program, else on `PATH`).
    let program: String?

    /// glibc's `POSIX_SPAWN_SETSID` (spawn.h, since 2.26), which needs `_GNU_SOURCE` and so does not import.
    static let spawnSetsid: Int16 = 0x80

    var lockPath: String { paths.dataDirectory + "/daemon.lock" }

    /// The daemon running now (its pid), whoever started it.
    var running: Int32? { DaemonInstanceLock.holder(of: lockPath) }

    /// Starts a daemon unless one runs; returns once it holds its lock. A daemon that ends at once is a failure
    /// naming its exit status (its own message went to the app's standard error, the session's log).
    func start() throws(ServiceFailure) {
        guard running == nil else { return }
        guard let program = program ?? ChildProgram.find("dose") else {
            Log.warning("daily-dose: no dose program beside this one or on PATH, so no dose daemon can be started")
            throw ServiceFailure(tr("the learning queue's program is not installed"))
        }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        // A session of its own: Ctrl+C in the terminal that started the app, or its hang-up, is not the daemon's.
        posix_spawnattr_setflags(&attributes, Self.spawnSetsid)
        let pid = try ChildProgram.spawn(
            [program, "daemon"], environment: ChildProgram.environment(paths: paths, busAddress: busAddress),
            actions: &actions, attributes: &attributes)
        var waited = 0
        while waited < Self.settleSeconds * 20 {
            var status: Int32 = 0
            let ended = waitpid(pid, &status, WNOHANG)
            if ended == pid {
                // Exit 0 at once: another daemon took the lock first (the autostart entry's), and it runs.
                if ChildProgram.exitCode(status) == 0 { return }
                // Its own message went to the session's log; the app says what it means.
                throw ServiceFailure(tr(
                    "the learning queue stopped as soon as it started (exit status {status})", ["status": ChildProgram.exitCode(status)]))
            }
            if running != nil { break }
            usleep(50_000)
            waited += 1
        }
        // It runs for the session: reap it whenever it ends, so it leaves no zombie while the app lives.
        DispatchQueue.global().async { var status: Int32 = 0; while waitpid(pid, &status, 0) < 0 && errno == EINTR {} }
    }

    /// Stops the running daemon (SIGTERM: it ends once the job in hand is done); returns once its lock is free.
    func stop() {
        guard let pid = running, Self.isDaemon(pid) else { return }
        kill(pid, SIGTERM)
        var waited = 0
        while running != nil, waited < Self.settleSeconds * 20 {
            usleep(50_000)
            waited += 1
        }
    }

    /// Whether `pid` is a `dose daemon` (its command line's second word), so no other process is ever signalled.
    static func isDaemon(_ pid: Int32) -> Bool {
        let fd = open("/proc/\(pid)/cmdline", O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { return false }
        defer { close(fd) }
        var buffer = [UInt8](repeating: 0, count: 4096)
        let count = buffer.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
        guard count > 0 else { return false }
        let words = buffer[0..<count].split(separator: 0, omittingEmptySubsequences: false).map { String(decoding: $0, as: UTF8.self) }
        return words.count >= 2 && words[1] == "daemon"
    }
}

/// Starting Daily Dose's other programs from the app: found beside it, in the app's files and on its bus.
enum ChildProgram {
    /// `name` beside this program (an install, a build tree), else on `PATH`.
    static func find(_ name: String) -> String? {
        if let exe = ExecutablePath.current() {
            let beside = FileSystem.parentDirectory(of: exe) + "/" + name
            if access(beside, X_OK) == 0 { return beside }
        }
        for directory in (Environment.value("PATH") ?? "/usr/bin:/bin").split(separator: ":") {
            let candidate = String(directory) + "/" + name
            if access(candidate, X_OK) == 0 { return candidate }
        }
        return nil
    }

    /// This process's environment with the app's paths and bus: the child reads the same files, on the same bus.
    static func environment(paths: DosePaths, busAddress: String?) -> [String] {
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
        return environment + overrides.map { "\($0.key)=\($0.value)" }
    }

    /// `posix_spawn` of `words` (the program first); a refusal names the program and why.
    static func spawn(
        _ words: [String], environment: [String], actions: inout posix_spawn_file_actions_t,
        attributes: UnsafePointer<posix_spawnattr_t>? = nil
    ) throws(ServiceFailure) -> pid_t {
        let argv: [UnsafeMutablePointer<CChar>?] = words.map { strdup($0) } + [nil]
        let envp: [UnsafeMutablePointer<CChar>?] = environment.map { strdup($0) } + [nil]
        defer { (argv + envp).forEach { free($0) } }
        var pid: pid_t = 0
        let spawned = posix_spawn(&pid, words[0], &actions, attributes, argv, envp)
        guard spawned == 0 else {
            throw ServiceFailure(tr("cannot start {program}: {error}", ["program": words[0], "error": String(cString: strerror(spawned))]))
        }
        return pid
    }

    /// A `waitpid` status as a shell shows it: the exit code, or 128 + the signal.
    static func exitCode(_ status: Int32) -> Int32 {
        (status & 0x7f) == 0 ? (status >> 8) & 0xff : 128 + (status & 0x7f)
    }
}
