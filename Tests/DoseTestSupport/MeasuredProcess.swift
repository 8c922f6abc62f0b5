import Foundation

/// A child process whose CPU time can be read while it runs and whose peak memory is known when it ends.
///
/// It runs under GNU time (`/usr/bin/time -f "%M %U %S"`), which reports the child's own peak
/// RSS: a process spawned straight from this (large) test process would inherit the test's
/// resident size in its high-water mark, since Linux counts the address space it leaves at exec.
public final class MeasuredProcess {
    /// The `time` process; the measured one is its only child.
    private let timePID: pid_t
    private let outPath: String
    private let errPath: String
    private let reportPath: String

    public struct Outcome {
        public var status: Int32
        public var stdout: String
        public var stderr: String
        /// Peak resident set size, in KiB.
        public var maxRSSKiB: Int
        /// User + system CPU time of the whole run, in milliseconds.
        public var cpuMilliseconds: Int
    }

    /// Starts `executable` with exactly `environment`; output goes to files in `directory`.
    public init(_ executable: String, _ arguments: [String], environment: [String: String], directory: URL) throws {
        let id = UUID().uuidString
        outPath = directory.appendingPathComponent("out-\(id)").path
        errPath = directory.appendingPathComponent("err-\(id)").path
        reportPath = directory.appendingPathComponent("time-\(id)").path
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, outPath, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        posix_spawn_file_actions_addopen(&actions, 2, errPath, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        let command = ["/usr/bin/time", "-f", "%M %U %S", "-o", reportPath, executable] + arguments
        let argv = command.map { strdup($0) } + [nil]
        let envp = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer { (argv + envp).forEach { free($0) } }
        var child: pid_t = 0
        let code = posix_spawn(&child, command[0], &actions, nil, argv, envp)
        guard code == 0 else { throw POSIXError(POSIXErrorCode(rawValue: code) ?? .EINVAL) }
        timePID = child
    }

    /// The measured process's id, once `time` has started it (found once, then kept).
    public private(set) lazy var pid: pid_t? = child()

    private func child() -> pid_t? {
        for _ in 0..<200 {
            let children = (try? String(contentsOfFile: "/proc/\(timePID)/task/\(timePID)/children", encoding: .utf8)) ?? ""
            if let pid = children.split(separator: " ").first.flatMap({ pid_t($0) }) { return pid }
            usleep(5_000)
        }
        return nil
    }

    /// The measured process's CPU time so far (user + system), in milliseconds; nil once it has exited.
    public func cpuMilliseconds() -> Int? {
        guard let pid, let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
            let close = stat.lastIndex(of: ")")
        else { return nil }
        // After "pid (comm)": state is field 3, utime 14 and stime 15.
        let fields = stat[stat.index(after: close)...].split(separator: " ")
        guard fields.count > 13, fields[0] != "Z", let user = Int(fields[11]), let system = Int(fields[12]) else { return nil }
        return (user + system) * 1000 / sysconf(Int32(_SC_CLK_TCK))
    }

    /// Waits for the process to end and reaps it.
    public func wait() -> Outcome {
        var status: Int32 = 0
        while waitpid(timePID, &status, 0) == -1 && errno == EINTR {}
        defer {
            for path in [outPath, errPath, reportPath] { unlink(path) }
        }
        // GNU time exits with its child's status and writes "Command exited with non-zero status N"
        // before the format's line when it is not 0.
        let report = ((try? String(contentsOfFile: reportPath, encoding: .utf8)) ?? "").split(separator: "\n").last ?? ""
        let figures = report.split(separator: " ")
        let seconds = figures.dropFirst().compactMap { Double($0) }.reduce(0, +)
        return Outcome(
            status: (status & 0x7f) == 0 ? (status >> 8) & 0xff : 128 + (status & 0x7f),
            stdout: (try? String(contentsOfFile: outPath, encoding: .utf8)) ?? "",
            stderr: (try? String(contentsOfFile: errPath, encoding: .utf8)) ?? "",
            maxRSSKiB: figures.first.flatMap { Int($0) } ?? Int.max, cpuMilliseconds: Int(seconds * 1000))
    }
}
