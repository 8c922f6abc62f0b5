import Foundation
import Glibc
import Synchronization

/// A child process of a test: spawned with an explicit environment, waited for by its own pid with a deadline,
/// then killed and reaped, so no test waits on a child for ever or leaves one behind.
///
/// Every test spawns through this type (not `Foundation.Process`, whose wait once never returned for a child that
/// had exited and stayed a zombie: issue 19). It never depends on SIGCHLD: `wait` polls `waitpid(pid, WNOHANG)` for
/// its own pid only, so whatever else in the process reaps or handles signals (GLib, another test) cannot steal or
/// hide its exit, and it cannot reap anyone else's child. The child starts with every signal at its default and
/// none blocked, descriptors 0–2 set up as asked and every other one closed. Output goes to nameless temporary
/// files, never pipes: a full pipe cannot stall the child, and a grandchild holding the descriptor cannot keep
/// the test waiting for an end of file.
public final class ChildProcess: Sendable {
    /// What the child reads on standard input.
    public enum Input: Sendable {
        /// `/dev/null`: a read sees the end at once.
        case null
        /// These bytes, then the end.
        case bytes([UInt8])
        /// The file at this path.
        case file(String)
        /// A pipe the test writes to (`write(_:within:)`) and closes (`closeInput()`); a read waits until then.
        case pipe

        /// `text` in UTF-8, then the end.
        public static func text(_ text: String) -> Input { .bytes(Array(text.utf8)) }
    }

    /// Where standard output or standard error goes.
    public enum Output: Sendable {
        /// Kept (in a nameless temporary file) for the result and `outputSoFar`.
        case capture
        /// `/dev/null`.
        case discard
        /// This file, created or truncated.
        case file(String)
        /// This file, created or appended to.
        case appending(String)
        /// Standard error only: wherever standard output goes (`2>&1`).
        case standardOutput
    }

    /// How a child ended, and what it wrote.
    public struct Result: Sendable, CustomStringConvertible {
        /// The command line, for messages.
        public let command: String
        public let pid: pid_t
        /// The exit code, or nil when a signal ended it.
        public let exitCode: Int32?
        /// The signal that ended it, or nil when it exited.
        public let signal: Int32?
        /// Whether it was still running at its deadline (and was then killed).
        public let timedOut: Bool
        /// Whether the test killed it (at the deadline or by `terminate`).
        public let killed: Bool
        /// False only when even SIGKILL did not end it in time (a process stuck in the kernel); a thread reaps it later.
        public let reaped: Bool
        /// Seconds from the spawn until its end was seen.
        public let seconds: Double
        public let standardOutput: [UInt8]
        public let standardError: [UInt8]

        public var stdout: String { String(decoding: standardOutput, as: UTF8.self) }
        public var stderr: String { String(decoding: standardError, as: UTF8.self) }
        /// The shell's number: the exit code, or 128 + the signal.
        public var status: Int32 { exitCode ?? 128 + (signal ?? 0) }

        /// One line for a failed expectation: the command, how it ended, and the start of its standard error.
        public var description: String {
            let end: String
            if timedOut {
                end = "timed out after \(Self.format(seconds)) s and was killed" + (signal.map { " (\(Self.name(of: $0)))" } ?? "")
            } else if let signal {
                end = "was ended by \(Self.name(of: signal)) after \(Self.format(seconds)) s"
            } else {
                end = "exited \(exitCode ?? -1) after \(Self.format(seconds)) s"
            }
            let errors = stderr.trimmingCharacters(in: .whitespacesAndNewlines)
            return "`\(command)` \(end)" + (reaped ? "" : ", not reaped yet") + (errors.isEmpty ? "" : "; stderr: \(errors.prefix(2000))")
        }

        static func format(_ seconds: Double) -> String { String(format: "%.1f", seconds) }

        static func name(of signal: Int32) -> String {
            switch signal {
            case SIGTERM: "SIGTERM"
            case SIGKILL: "SIGKILL"
            case SIGINT: "SIGINT"
            case SIGHUP: "SIGHUP"
            case SIGSEGV: "SIGSEGV"
            case SIGABRT: "SIGABRT"
            case SIGPIPE: "SIGPIPE"
            default: "signal \(signal)"
            }
        }
    }

    /// A child that could not be started (the message names the executable and the reason).
    public struct SpawnError: Error, CustomStringConvertible {
        public let description: String
    }

    /// The wait a command gets unless its caller says otherwise: wide, since the machine may be busy.
    public static let defaultTimeout: Duration = .seconds(60)
    /// How long a child has between SIGTERM and SIGKILL.
    public static let defaultGrace: Duration = .seconds(2)
    /// The test process's own environment, for a child that should inherit it.
    public static var inheritedEnvironment: [String: String] { ProcessInfo.processInfo.environment }
    /// What a tool or a fake server needs and nothing of the test's session: `PATH`, `LANG` (C.UTF-8), and
    /// `TMPDIR` when the test process has one.
    public static var basicEnvironment: [String: String] {
        var environment = ["PATH": "/usr/bin:/bin", "LANG": "C.UTF-8"]
        environment["TMPDIR"] = ProcessInfo.processInfo.environment["TMPDIR"]
        return environment
    }

    public let pid: pid_t
    /// The command line, for messages.
    public let command: String
    /// Whether the child leads a process group of its own (signals then reach its whole group).
    public let leadsGroup: Bool
    private let started: ContinuousClock.Instant
    private let state: Mutex<State>

    private struct State: Sendable {
        /// The raw wait status, once reaped.
        var waitStatus: Int32?
        var ended: ContinuousClock.Instant?
        var killed = false
        var timedOut = false
        var stuck = false
        var inputFD: Int32 = -1
        var outputFD: Int32 = -1
        var errorFD: Int32 = -1
        var result: Result?
    }

    /// Starts `executable` (a path; a bare name is looked up in the child's `PATH`) with `arguments` and exactly
    /// `environment`. With `leadsGroup`, the child gets a process group of its own: a signal reaches everything it
    /// started there, and what it leaves running in that group when it ends is killed with it.
    public init(
        _ executable: String, _ arguments: [String] = [], environment: [String: String],
        stdin: Input = .null, stdout: Output = .capture, stderr: Output = .capture,
        directory: String? = nil, leadsGroup: Bool = false
    ) throws {
        let path = try Self.resolve(executable, in: environment)
        command = ([executable] + arguments).map(Self.quoted).joined(separator: " ")
        self.leadsGroup = leadsGroup
        var opened: [Int32] = []
        // Every descriptor of ours is close-on-exec, so a child another thread spawns meanwhile inherits none.
        defer { for fd in opened { close(fd) } }
        func open(_ path: String, _ flags: Int32) throws -> Int32 {
            let fd = Glibc.open(path, flags | O_CLOEXEC, 0o600)
            guard fd >= 0 else { throw SpawnError(description: "cannot start \(executable): \(path): \(String(cString: strerror(errno)))") }
            opened.append(fd)
            return fd
        }
        func temporary() throws -> Int32 {
            let directory = NSTemporaryDirectory()
            var fd = Glibc.open(directory, Self.temporaryFileFlag | O_RDWR | O_CLOEXEC, 0o600)
            if fd < 0 {
                // A file system without O_TMPFILE: a named file, unlinked at once.
                var template = Array((directory.hasSuffix("/") ? directory : directory + "/").utf8CString.dropLast()) + Array("dose-child-XXXXXX".utf8CString)
                fd = mkstemp(&template)
                if fd >= 0 {
                    unlink(template)
                    _ = fcntl(fd, F_SETFD, FD_CLOEXEC)
                }
            }
            guard fd >= 0 else { throw SpawnError(description: "cannot start \(executable): no temporary file: \(String(cString: strerror(errno)))") }
            return fd
        }
        var kept = State()
        var childFDs: [Int32] = []
        do {
            switch stdin {
            case .null: childFDs.append(try open("/dev/null", O_RDONLY))
            case .file(let file): childFDs.append(try open(file, O_RDONLY))
            case .bytes(let bytes):
                let fd = try temporary()
                opened.append(fd)
                try Self.writeAll(bytes, to: fd)
                lseek(fd, 0, SEEK_SET)
                childFDs.append(fd)
            case .pipe:
                var ends: [Int32] = [-1, -1]
                guard Self.closeOnExecPipe(&ends) == 0 else { throw SpawnError(description: "cannot start \(executable): pipe: \(String(cString: strerror(errno)))") }
                opened.append(ends[0])
                kept.inputFD = ends[1]
                // Only the test's end: `write` waits in poll with its deadline instead of in write(2).
                _ = fcntl(ends[1], F_SETFL, O_NONBLOCK)
                // A write after the child is gone is an error to report, not a signal that ends the test process.
                Self.ignoreBrokenPipes
                childFDs.append(ends[0])
            }
            for (index, output) in [stdout, stderr].enumerated() {
                switch output {
                case .capture:
                    let fd = try temporary()
                    if index == 0 { kept.outputFD = fd } else { kept.errorFD = fd }
                    childFDs.append(fd)
                case .discard: childFDs.append(try open("/dev/null", O_WRONLY))
                case .file(let file): childFDs.append(try open(file, O_WRONLY | O_CREAT | O_TRUNC))
                case .appending(let file): childFDs.append(try open(file, O_WRONLY | O_CREAT | O_APPEND))
                case .standardOutput: childFDs.append(index == 1 ? childFDs[1] : try open("/dev/null", O_WRONLY))
                }
            }
        } catch {
            for fd in [kept.inputFD, kept.outputFD, kept.errorFD] where fd >= 0 { close(fd) }
            throw error
        }

        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        for (target, fd) in childFDs.enumerated() { posix_spawn_file_actions_adddup2(&actions, fd, Int32(target)) }
        // Nothing else of this process's: a pipe of another test inherited here would keep its reader waiting.
        Self.closeFrom(&actions, 3)
        if let directory { Self.changeDirectory(&actions, directory) }
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var none = sigset_t(), all = sigset_t()
        sigemptyset(&none)
        sigfillset(&all)
        posix_spawnattr_setsigmask(&attributes, &none)
        posix_spawnattr_setsigdefault(&attributes, &all)
        var flags = Int32(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF)
        if leadsGroup {
            flags |= Int32(POSIX_SPAWN_SETPGROUP)
            posix_spawnattr_setpgroup(&attributes, 0)
        }
        posix_spawnattr_setflags(&attributes, Int16(flags))
        let argv = ([executable] + arguments).map { strdup($0) } + [nil]
        let envp = environment.sorted { $0.key < $1.key }.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer { (argv + envp).forEach { free($0) } }
        var child: pid_t = 0
        let code = posix_spawn(&child, path, &actions, &attributes, argv, envp)
        guard code == 0 else {
            for fd in [kept.inputFD, kept.outputFD, kept.errorFD] where fd >= 0 { close(fd) }
            throw SpawnError(description: "cannot start \(executable): \(String(cString: strerror(code)))")
        }
        pid = child
        started = .now
        state = Mutex(kept)
    }

    deinit {
        if !state.withLock({ $0.waitStatus != nil || $0.stuck }) { _ = terminate(grace: .seconds(1)) }
        state.withLock { state in
            for fd in [state.inputFD, state.outputFD, state.errorFD] where fd >= 0 { close(fd) }
        }
    }

    /// Starts a command and waits for it (at most `timeout`, then it is killed): its result.
    public static func run(
        _ executable: String, _ arguments: [String] = [], environment: [String: String],
        stdin: Input = .null, stdout: Output = .capture, stderr: Output = .capture,
        directory: String? = nil, leadsGroup: Bool = false, timeout: Duration = defaultTimeout
    ) throws -> Result {
        let child = try ChildProcess(
            executable, arguments, environment: environment, stdin: stdin, stdout: stdout, stderr: stderr,
            directory: directory, leadsGroup: leadsGroup)
        return child.wait(timeout: timeout)
    }

    // MARK: Waiting and ending

    /// Whether the child is still running (an exit seen here is reaped and kept for `wait`).
    public var isRunning: Bool { state.withLock { reapIfEnded(&$0) } == nil }

    /// Waits at most `timeout` for the child to end; at the deadline it gets SIGTERM, then SIGKILL after `grace`,
    /// and is reaped all the same, its result saying `timedOut`.
    @discardableResult
    public func wait(timeout: Duration = defaultTimeout, grace: Duration = defaultGrace) -> Result {
        wait(deadline: .now + timeout, grace: grace)
    }

    /// Waits until `deadline` for the child to end (see `wait(timeout:grace:)`).
    @discardableResult
    public func wait(deadline: ContinuousClock.Instant, grace: Duration = defaultGrace) -> Result {
        if poll(until: deadline) { return result() }
        return end(grace: grace, atDeadline: true)
    }

    /// Ends the child if it still runs (SIGTERM, then SIGKILL after `grace`, to its group when it leads one),
    /// reaps it, and returns its result. Safe to call again, or after it ended by itself.
    @discardableResult
    public func terminate(grace: Duration = defaultGrace) -> Result { end(grace: grace, atDeadline: false) }

    /// SIGTERM, SIGKILL after `grace`, the reap; `atDeadline` marks the result `timedOut` if a signal was needed.
    private func end(grace: Duration, atDeadline: Bool) -> Result {
        if send(SIGTERM, killing: true, atDeadline: atDeadline), !poll(until: .now + grace),
            send(SIGKILL, killing: true, atDeadline: atDeadline), !poll(until: .now + .seconds(10))
        {
            // Not even SIGKILL ended it in time (stuck in the kernel): a thread of its own reaps it when it can.
            state.withLock { $0.stuck = true }
            Thread.detachNewThread { [pid] in
                var status: Int32 = 0
                while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
            }
        }
        return result()
    }

    /// Sends `signal` to the child (to its group when it leads one) unless it has already been reaped; false then.
    @discardableResult
    public func signal(_ signal: Int32) -> Bool { send(signal, killing: false, atDeadline: false) }

    private func send(_ signal: Int32, killing: Bool, atDeadline: Bool) -> Bool {
        state.withLock { state in
            // Never after the reap: the pid may belong to another process by then.
            guard reapIfEnded(&state) == nil else { return false }
            if killing { state.killed = true }
            if atDeadline { state.timedOut = true }
            return kill(leadsGroup ? -pid : pid, signal) == 0
        }
    }

    /// Polls the child's exit with short sleeps until `deadline`; true once it has been reaped.
    private func poll(until deadline: ContinuousClock.Instant) -> Bool {
        var pause = Duration.milliseconds(1)
        while true {
            if state.withLock({ reapIfEnded(&$0) }) != nil { return true }
            let left = deadline - .now
            if left <= .zero { return false }
            Self.sleep(min(pause, left))
            pause = min(pause * 2, .milliseconds(20))
        }
    }

    /// Reaps the child if it has ended (its group's leftovers killed first, while its zombie still holds the
    /// group's id); the raw wait status, or nil while it runs.
    private func reapIfEnded(_ state: inout State) -> Int32? {
        if let status = state.waitStatus { return status }
        guard !state.stuck else { return nil }
        var info = siginfo_t()
        guard waitid(P_PID, id_t(pid), &info, WEXITED | WNOHANG | WNOWAIT) == 0, info._sifields._sigchld.si_pid == pid else { return nil }
        if leadsGroup { kill(-pid, SIGKILL) }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
        state.waitStatus = status
        state.ended = .now
        return status
    }

    /// The result, once the child has been reaped (or given up on): read once, then kept.
    private func result() -> Result {
        state.withLock { state in
            if let result = state.result { return result }
            let status = state.waitStatus
            let signal = status.map { $0 & 0x7f }
            let elapsed = (state.ended ?? .now) - started
            let result = Result(
                command: command, pid: pid,
                exitCode: signal == 0 ? status.map { ($0 >> 8) & 0xff } : nil,
                signal: signal == 0 ? nil : signal,
                timedOut: state.timedOut, killed: state.killed, reaped: status != nil,
                seconds: Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18,
                standardOutput: Self.readAll(state.outputFD), standardError: Self.readAll(state.errorFD))
            // The output has been read once the child is gone for good; the files go with their descriptors.
            if status != nil {
                for fd in [state.outputFD, state.errorFD] where fd >= 0 { close(fd) }
                (state.outputFD, state.errorFD) = (-1, -1)
                state.result = result
            }
            return result
        }
    }

    // MARK: Talking to it while it runs

    /// What the child has written to a captured standard output so far.
    public func outputSoFar() -> String {
        String(decoding: state.withLock { $0.result?.standardOutput ?? Self.readAll($0.outputFD) }, as: UTF8.self)
    }

    /// What the child has written to a captured standard error so far.
    public func errorsSoFar() -> String {
        String(decoding: state.withLock { $0.result?.standardError ?? Self.readAll($0.errorFD) }, as: UTF8.self)
    }

    /// Polls `condition` while the child runs, at most `timeout`: true once it holds; false if it does not by
    /// then, or the child ended without it holding.
    public func waitUntil(timeout: Duration = defaultTimeout, _ condition: () throws -> Bool) rethrows -> Bool {
        let deadline = ContinuousClock.now + timeout
        var pause = Duration.milliseconds(1)
        while true {
            if try condition() { return true }
            if !isRunning { return try condition() }
            guard ContinuousClock.now < deadline else { return false }
            Self.sleep(pause)
            pause = min(pause * 2, .milliseconds(25))
        }
    }

    /// Waits (at most `timeout`) until captured standard output holds `text` (see `waitUntil`).
    public func waitForOutput(containing text: String, timeout: Duration = defaultTimeout) -> Bool {
        waitUntil(timeout: timeout) { outputSoFar().contains(text) }
    }

    /// Writes `bytes` to the child's standard input (`.pipe`), waiting at most `timeout` for room in the pipe;
    /// false if the child does not read them in time or has closed its end.
    @discardableResult
    public func write(_ bytes: [UInt8], within timeout: Duration = defaultTimeout) -> Bool {
        let fd = state.withLock { $0.inputFD }
        guard fd >= 0 else { return false }
        let deadline = ContinuousClock.now + timeout
        var offset = 0
        while offset < bytes.count {
            let left = deadline - .now
            guard left > .zero else { return false }
            var ready = pollfd(fd: fd, events: Int16(POLLOUT), revents: 0)
            let milliseconds = Int32(max(1, left.components.seconds * 1000 + left.components.attoseconds / 1_000_000_000_000_000))
            guard Glibc.poll(&ready, 1, milliseconds) >= 0 || errno == EINTR else { return false }
            guard ready.revents & Int16(POLLOUT) != 0 else {
                if ready.revents & Int16(POLLERR | POLLHUP) != 0 { return false }
                continue
            }
            let count = bytes[offset...].withUnsafeBytes { Glibc.write(fd, $0.baseAddress, $0.count) }
            if count < 0 {
                if errno == EINTR || errno == EAGAIN { continue }
                return false
            }
            offset += count
        }
        return true
    }

    /// Writes `text` in UTF-8 (see `write(_:within:)`).
    @discardableResult
    public func write(_ text: String, within timeout: Duration = defaultTimeout) -> Bool { write(Array(text.utf8), within: timeout) }

    /// Closes the test's end of the child's standard input (`.pipe`): its next read sees the end.
    public func closeInput() {
        state.withLock { state in
            if state.inputFD >= 0 { close(state.inputFD) }
            state.inputFD = -1
        }
    }

    // MARK: Plumbing

    private static let ignoreBrokenPipes: Void = { _ = Glibc.signal(SIGPIPE, SIG_IGN) }()

    private static func resolve(_ executable: String, in environment: [String: String]) throws -> String {
        if executable.contains("/") { return executable }
        for directory in (environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":") {
            let candidate = "\(directory)/\(executable)"
            if access(candidate, X_OK) == 0 { return candidate }
        }
        throw SpawnError(description: "cannot start \(executable): not found in PATH \(environment["PATH"] ?? "/usr/bin:/bin")")
    }

    private static func writeAll(_ bytes: [UInt8], to fd: Int32) throws {
        var offset = 0
        while offset < bytes.count {
            let count = bytes[offset...].withUnsafeBytes { Glibc.write(fd, $0.baseAddress, $0.count) }
            if count < 0 {
                if errno == EINTR { continue }
                throw SpawnError(description: "cannot write standard input: \(String(cString: strerror(errno)))")
            }
            offset += count
        }
    }

    /// The whole file behind `fd`, read from its start (pread: the child's offset is left alone).
    private static func readAll(_ fd: Int32) -> [UInt8] {
        guard fd >= 0 else { return [] }
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let count = buffer.withUnsafeMutableBytes { pread(fd, $0.baseAddress, $0.count, off_t(bytes.count)) }
            if count < 0 && errno == EINTR { continue }
            if count <= 0 { return bytes }
            bytes += buffer[..<count]
        }
    }

    private static func sleep(_ duration: Duration) {
        let components = duration.components
        var request = timespec(tv_sec: Int(components.seconds), tv_nsec: Int(components.attoseconds / 1_000_000_000))
        var left = timespec()
        while nanosleep(&request, &left) < 0 && errno == EINTR { request = left }
    }

    private static func quoted(_ word: String) -> String {
        let plain = !word.isEmpty && word.allSatisfy { $0.isLetter || $0.isNumber || "-_./=:,@%+".contains($0) }
        return plain ? word : "'" + word.replacingOccurrences(of: "'", with: #"'\''"#) + "'"
    }

    /// Linux's O_TMPFILE (`__O_TMPFILE | O_DIRECTORY`), which the Glibc module leaves out (a GNU extension).
    private static let temporaryFileFlag: Int32 = 0o20_000_000 | O_DIRECTORY

    private typealias PipeCall = @convention(c) (UnsafeMutablePointer<Int32>, Int32) -> Int32
    private static let pipe2Call: PipeCall? = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "pipe2").map { unsafeBitCast($0, to: PipeCall.self) }

    /// pipe2(O_CLOEXEC) (not in the Glibc module either): close-on-exec from the start, so no child spawned by
    /// another thread in the meantime inherits either end.
    private static func closeOnExecPipe(_ ends: inout [Int32]) -> Int32 {
        if let pipe2Call { return ends.withUnsafeMutableBufferPointer { pipe2Call($0.baseAddress!, O_CLOEXEC) } }
        guard pipe(&ends) == 0 else { return -1 }
        for fd in ends { _ = fcntl(fd, F_SETFD, FD_CLOEXEC) }
        return 0
    }

    private typealias FileActionsInt = @convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>, Int32) -> Int32
    private typealias FileActionsPath = @convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>, UnsafePointer<CChar>) -> Int32

    /// glibc's `posix_spawn_file_actions_addclosefrom_np` (2.34) and `…_addchdir_np` (2.29): GNU extensions the
    /// Glibc module does not declare, looked up once.
    private static let closeFromAction: FileActionsInt? = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "posix_spawn_file_actions_addclosefrom_np")
        .map { unsafeBitCast($0, to: FileActionsInt.self) }
    private static let changeDirectoryAction: FileActionsPath? = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "posix_spawn_file_actions_addchdir_np")
        .map { unsafeBitCast($0, to: FileActionsPath.self) }

    private static func closeFrom(_ actions: inout posix_spawn_file_actions_t, _ lowest: Int32) {
        _ = closeFromAction?(&actions, lowest)
    }

    private static func changeDirectory(_ actions: inout posix_spawn_file_actions_t, _ directory: String) {
        _ = changeDirectoryAction?(&actions, directory)
    }
}

// MARK: - Servers

extension ChildProcess {
    /// Starts a server that writes the port it listens on to `portFile` (atomically) once it is ready; returns it
    /// and the port, or throws, naming the command with its standard error, if it ends or is not ready within
    /// `timeout`. The test ends it with `terminate()` (or lets it go out of scope).
    public static func startServer(
        _ executable: String, _ arguments: [String], environment: [String: String], portFile: String,
        timeout: Duration = defaultTimeout
    ) throws -> (server: ChildProcess, port: Int) {
        let server = try ChildProcess(executable, arguments, environment: environment, stdout: .discard, stderr: .capture)
        let text = { (try? String(contentsOfFile: portFile, encoding: .utf8))?.trimmingCharacters(in: .whitespacesAndNewlines) ?? "" }
        guard server.waitUntil(timeout: timeout, { Int(text()) != nil }), let port = Int(text()) else {
            let result = server.terminate()
            throw SpawnError(description: "server not ready (no port in \(portFile)) within \(timeout): \(result)")
        }
        return (server, port)
    }
}

// MARK: - For callers written against Foundation.Process

extension ChildProcess {
    /// `pid`, under Foundation's name.
    @available(*, deprecated, message: "use pid")
    public var processIdentifier: Int32 { pid }

    /// `wait()` with the default deadline, under Foundation's name (bounded, unlike Foundation's).
    @available(*, deprecated, message: "use wait(timeout:) or terminate(), and check the result")
    public func waitUntilExit() { _ = wait() }

    /// The status of a child that has ended (the exit code, or the signal's number as Foundation gives it); -1 while it runs.
    @available(*, deprecated, message: "use the result of wait(timeout:)")
    public var terminationStatus: Int32 {
        guard !isRunning else { return -1 }
        let result = result()
        return result.exitCode ?? result.signal ?? -1
    }
}
