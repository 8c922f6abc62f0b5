import Foundation

/// A child process whose CPU time can be read while it runs and whose peak memory is known when it ends.
///
/// It runs under GNU time (`/usr/bin/time -f "%M %U %S"`), which reports the child's own peak
/// RSS: a process spawned straight from this (large) test process would inherit the test's
/// resident size in its high-water mark, since Linux counts the address space it leaves at exec.
public final class MeasuredProcess {
    /// The `time` process; the measured one is its only child.
    private let time: ChildProcess
    private let reportPath: String

    public struct Outcome {
        public var status: Int32
        public var stdout: String
        public var stderr: String
        /// Peak resident set size, in KiB.
        public var maxRSSKiB: Int
        /// User + system CPU time of the whole run, in milliseconds.
        public var cpuMilliseconds: Int
        /// Whether it was still running at the deadline of `wait` (and was killed).
        public var timedOut = false
    }

    /// Starts `executable` with exactly `environment`; `time`'s report goes to a file in `directory`.
    public init(_ executable: String, _ arguments: [String], environment: [String: String], directory: URL) throws {
        reportPath = directory.appendingPathComponent("time-\(UUID().uuidString)").path
        // Its own process group: a kill at the deadline reaches the measured child too.
        time = try ChildProcess(
            "/usr/bin/time", ["-f", "%M %U %S", "-o", reportPath, executable] + arguments, environment: environment, leadsGroup: true)
    }

    /// The measured process's id, once `time` has started it (found once, then kept).
    public private(set) lazy var pid: pid_t? = child()

    private func child() -> pid_t? {
        let path = "/proc/\(time.pid)/task/\(time.pid)/children"
        var found: pid_t?
        _ = time.waitUntil(timeout: .seconds(30)) {
            found = ((try? String(contentsOfFile: path, encoding: .utf8)) ?? "").split(separator: " ").first.flatMap { pid_t($0) }
            return found != nil
        }
        return found
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

    /// Waits for the process to end (at most `timeout`, then it is killed) and reaps it.
    public func wait(timeout: Duration = .seconds(120)) -> Outcome {
        let result = time.wait(timeout: timeout)
        defer { unlink(reportPath) }
        // GNU time exits with its child's status and writes "Command exited with non-zero status N"
        // before the format's line when it is not 0.
        let report = ((try? String(contentsOfFile: reportPath, encoding: .utf8)) ?? "").split(separator: "\n").last ?? ""
        let figures = report.split(separator: " ")
        let seconds = figures.dropFirst().compactMap { Double($0) }.reduce(0, +)
        // A timeout shows in every message that prints standard error, whatever the test checks first.
        let note = result.timedOut ? "\n[`\(result.command)` timed out after \(timeout) and was killed]" : ""
        return Outcome(
            status: result.status, stdout: result.stdout, stderr: result.stderr + note,
            maxRSSKiB: figures.first.flatMap { Int($0) } ?? Int.max, cpuMilliseconds: Int(seconds * 1000), timedOut: result.timedOut)
    }
}
