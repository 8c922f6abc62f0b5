import DoseTestSupport
import Foundation
import Synchronization
import Testing

/// The one spawn helper every test uses: exit codes and signals as they happened, a child that never ends killed
/// at its deadline and reaped, output of any size, and each wait reaping exactly its own child.
@Suite(.timeLimit(.minutes(5)), .watched) struct ChildProcessTests {
    static let environment = ["PATH": "/usr/bin:/bin", "LANG": "C.UTF-8"]

    /// The process's state letter in /proc (nil once it is gone entirely).
    static func state(of pid: pid_t) -> Character? {
        guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8), let close = stat.lastIndex(of: ")") else { return nil }
        return stat[stat.index(close, offsetBy: 2)...].first
    }

    /// Whether `pid` is no longer a running process (gone, or a zombie some other parent has still to reap).
    static func ended(_ pid: pid_t, within seconds: Double = 10) -> Bool {
        let end = Date().addingTimeInterval(seconds)
        repeat {
            if let state = state(of: pid), state != "Z" { usleep(10_000) } else { return true }
        } while Date() < end
        return false
    }

    @Test func exitCodesAndOutputAreThoseOfTheChild() throws {
        let result = try ChildProcess.run("/bin/sh", ["-c", "echo out; echo err >&2; exit 3"], environment: Self.environment)
        #expect(result.exitCode == 3 && result.signal == nil && result.status == 3 && !result.timedOut && !result.killed && result.reaped)
        #expect(result.stdout == "out\n" && result.stderr == "err\n")
        #expect(try ChildProcess.run("true", environment: Self.environment).exitCode == 0, "a bare name is found in the child's PATH")
        #expect(result.description.hasPrefix("`/bin/sh -c 'echo out; echo err >&2; exit 3'` exited 3 after "), "\(result)")
    }

    @Test func theEnvironmentIsExactlyTheOneGiven() throws {
        let result = try ChildProcess.run("/usr/bin/env", environment: ["ONLY": "this one"])
        #expect(result.stdout == "ONLY=this one\n")
    }

    @Test func aSignalThatEndsTheChildIsReported() throws {
        let crash = try ChildProcess.run("/bin/sh", ["-c", "kill -SEGV $$"], environment: Self.environment)
        #expect(crash.signal == SIGSEGV && crash.exitCode == nil && crash.status == 128 + SIGSEGV && !crash.killed, "\(crash)")
        let child = try ChildProcess("/bin/sleep", ["30"], environment: Self.environment)
        #expect(child.isRunning)
        #expect(child.signal(SIGTERM))
        let result = child.wait(timeout: .seconds(30))
        #expect(result.signal == SIGTERM && !result.timedOut, "\(result)")
        #expect(!child.isRunning)
        #expect(!child.signal(SIGKILL), "no signal after the reap: the pid may be another process's by then")
    }

    /// The child starts with no standard signal blocked or ignored, whatever the test process does with them
    /// (SIGPIPE is ignored here once a test writes to a child's pipe). Signals 32 and 33 are glibc's own.
    @Test func theChildStartsWithDefaultSignals() throws {
        let child = try ChildProcess("/bin/sleep", ["30"], environment: Self.environment, stdin: .pipe)
        defer { child.terminate() }
        let status = try String(contentsOfFile: "/proc/\(child.pid)/status", encoding: .utf8)
        let masks = status.split(separator: "\n").filter { $0.hasPrefix("SigBlk:") || $0.hasPrefix("SigIgn:") }
            .compactMap { UInt64($0.split(separator: "\t").last ?? "", radix: 16) }
        #expect(masks.count == 2 && masks.allSatisfy { $0 & 0x7fff_ffff == 0 }, "\(masks.map { String($0, radix: 16) })")
    }

    @Test func aChildThatNeverEndsIsKilledAtItsDeadlineAndReaped() throws {
        let started = Date()
        let child = try ChildProcess("/bin/sleep", ["1000"], environment: Self.environment)
        let result = child.wait(timeout: .seconds(2))
        let seconds = Date().timeIntervalSince(started)
        #expect(result.timedOut && result.killed && result.reaped && result.signal == SIGTERM, "\(result)")
        #expect(seconds >= 2 && seconds < 2 + 2 + 10, "ended after \(seconds) s")
        #expect(result.description.contains("`/bin/sleep 1000` timed out after 2."), "\(result)")
        #expect(Self.state(of: child.pid) == nil, "reaped: no zombie left")
    }

    /// A child ignoring SIGTERM gets SIGKILL after the grace; as a group leader, so does what it started.
    @Test func sigtermIgnoredMeansSigkillForTheWholeGroup() throws {
        let child = try ChildProcess(
            "/bin/sh", ["-c", "trap '' TERM; sleep 1000 & echo $!; wait"], environment: Self.environment, leadsGroup: true)
        #expect(child.waitForOutput(containing: "\n", timeout: .seconds(30)))
        let grandchild = try #require(pid_t(child.outputSoFar().trimmingCharacters(in: .whitespacesAndNewlines)))
        let result = child.wait(timeout: .seconds(1), grace: .seconds(1))
        #expect(result.timedOut && result.signal == SIGKILL, "\(result)")
        #expect(Self.state(of: child.pid) == nil)
        #expect(Self.ended(grandchild), "the grandchild outlived its group")
    }

    /// What a group leader leaves running when it exits by itself goes with it: no orphan.
    @Test func aGroupLeadersLeftoversEndWithIt() throws {
        let result = try ChildProcess.run("/bin/sh", ["-c", "sleep 1000 & echo $!"], environment: Self.environment, leadsGroup: true)
        #expect(result.exitCode == 0)
        let grandchild = try #require(pid_t(result.stdout.trimmingCharacters(in: .whitespacesAndNewlines)))
        #expect(Self.ended(grandchild), "the background sleep was left running")
    }

    @Test func largeOutputsOnBothStreamsDoNotStallTheChild() throws {
        let megabytes = 8
        let result = try ChildProcess.run(
            "/bin/sh", ["-c", "head -c \(megabytes)M /dev/zero; head -c \(megabytes)M /dev/zero >&2"], environment: Self.environment,
            timeout: .seconds(60))
        #expect(result.exitCode == 0 && !result.timedOut, "\(result)")
        #expect(result.standardOutput.count == megabytes << 20 && result.standardError.count == megabytes << 20)
    }

    @Test func standardInputFromBytesAFileOrAPipe() throws {
        #expect(try ChildProcess.run("/bin/cat", environment: Self.environment, stdin: .text("typed\n")).stdout == "typed\n")
        let file = NSTemporaryDirectory() + "dose-child-input-\(UUID().uuidString)"
        defer { unlink(file) }
        try "from a file".write(toFile: file, atomically: true, encoding: .utf8)
        #expect(try ChildProcess.run("/bin/cat", environment: Self.environment, stdin: .file(file)).stdout == "from a file")
        #expect(try ChildProcess.run("/bin/cat", environment: Self.environment).stdout == "", "/dev/null by default")

        let cat = try ChildProcess("/bin/cat", environment: Self.environment, stdin: .pipe)
        #expect(cat.write("first\n"))
        #expect(cat.waitForOutput(containing: "first\n", timeout: .seconds(30)), "the child reads while the pipe is open")
        // More than a pipe holds: written as the child reads it.
        let big = [UInt8](repeating: UInt8(ascii: "x"), count: 1 << 20)
        #expect(cat.write(big, within: .seconds(60)))
        cat.closeInput()
        let result = cat.wait(timeout: .seconds(30))
        #expect(result.exitCode == 0 && result.standardOutput.count == 6 + big.count, "\(result)")
        #expect(!cat.write("after\n"), "nothing written once the input is closed")
    }

    @Test func aWriteToAChildThatDoesNotReadEndsAtItsDeadline() throws {
        let child = try ChildProcess("/bin/sleep", ["30"], environment: Self.environment, stdin: .pipe)
        defer { child.terminate() }
        let started = Date()
        #expect(!child.write([UInt8](repeating: 0, count: 1 << 20), within: .seconds(1)))
        #expect(Date().timeIntervalSince(started) < 10)
    }

    @Test func outputToAFileAndStandardErrorWithIt() throws {
        let file = NSTemporaryDirectory() + "dose-child-output-\(UUID().uuidString)"
        defer { unlink(file) }
        let result = try ChildProcess.run(
            "/bin/sh", ["-c", "echo out; echo err >&2"], environment: Self.environment, stdout: .file(file), stderr: .standardOutput)
        #expect(result.exitCode == 0 && result.standardOutput.isEmpty && result.standardError.isEmpty)
        #expect(try String(contentsOfFile: file, encoding: .utf8) == "out\nerr\n")
        _ = try ChildProcess.run("/bin/echo", ["again"], environment: Self.environment, stdout: .appending(file), stderr: .discard)
        #expect(try String(contentsOfFile: file, encoding: .utf8) == "out\nerr\nagain\n")
    }

    /// Only descriptors 0–2 reach the child: a pipe the test process holds (even one not close-on-exec) is not
    /// kept open by a child, so its reader still sees the end.
    @Test func noOtherDescriptorIsInherited() throws {
        var ends: [Int32] = [-1, -1]
        #expect(pipe(&ends) == 0)
        defer { ends.forEach { close($0) } }
        let child = try ChildProcess("/bin/sleep", ["30"], environment: Self.environment)
        defer { child.terminate() }
        // Right after the exec the loader and the program's start open files of their own for a moment: an
        // inherited descriptor is one that stays.
        var descriptors: [String] = []
        let onlyTheThree = child.waitUntil(timeout: .seconds(10)) {
            descriptors = ((try? FileManager.default.contentsOfDirectory(atPath: "/proc/\(child.pid)/fd")) ?? []).sorted()
            return descriptors == ["0", "1", "2"]
        }
        #expect(onlyTheThree, "\(descriptors)")
    }

    /// Two children waited for on two threads at once, and a third spawned by hand: each wait reaps exactly its
    /// own child, and the one nobody asked the helper about is still there for its own parent to reap.
    @Test func eachWaitReapsItsOwnChildOnly() throws {
        var other: pid_t = 0
        let words: [String] = ["/bin/sh", "-c", "exit 9"]
        let argv: [UnsafeMutablePointer<CChar>?] = words.map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        #expect(posix_spawn(&other, "/bin/sh", nil, nil, argv, nil) == 0)
        let slow = try ChildProcess("/bin/sh", ["-c", "sleep 0.5; exit 5"], environment: Self.environment)
        let quick = try ChildProcess("/bin/sh", ["-c", "exit 7"], environment: Self.environment)
        let codes = Mutex<[Int32?]>([nil, nil])
        let done = DispatchSemaphore(value: 0)
        for (index, child) in [slow, quick].enumerated() {
            Thread.detachNewThread {
                let code = child.wait(timeout: .seconds(30)).exitCode
                codes.withLock { $0[index] = code }
                done.signal()
            }
        }
        for _ in 0..<2 { #expect(done.wait(timeout: .now() + 60) == .success) }
        #expect(codes.withLock { $0 } == [5, 7])
        // The hand-spawned child is ours to reap, and still there: no wait above took it.
        var status: Int32 = 0
        #expect(waitpid(other, &status, 0) == other)
        #expect((status >> 8) & 0xff == 9)
    }

    @Test func aChildThatGoesOutOfScopeIsKilledAndReaped() throws {
        var pid: pid_t = 0
        do {
            let child = try ChildProcess("/bin/sleep", ["1000"], environment: Self.environment)
            pid = child.pid
        }
        #expect(Self.state(of: pid) == nil, "neither running nor a zombie")
    }

    @Test func aChildThatCannotStartIsAnErrorNamingIt() {
        #expect {
            try ChildProcess("/nonexistent/tool", environment: Self.environment)
        } throws: { error in
            "\(error)".contains("/nonexistent/tool")
        }
        #expect(throws: ChildProcess.SpawnError.self) { try ChildProcess("no-such-tool-here", environment: Self.environment) }
    }
}
