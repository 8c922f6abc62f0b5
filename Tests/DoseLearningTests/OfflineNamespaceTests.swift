import DoseTestSupport
import Foundation
import Testing

/// Runs tests/learning/offline.sh: the daemon in a network namespace with no route, then with one.
@Suite(.timeLimit(.minutes(5)), .watched) struct OfflineNamespaceTests {
    @Test func noRouteMeansNoAttemptAndARouteStartsTheWorkAtOnce() throws {
        let box = try LearnSandbox()
        let script = box.packageRoot.appendingPathComponent("tests/learning/offline.sh").path
        let output = box.root.appendingPathComponent("offline.out").path
        let result = try ChildProcess.run(
            "/bin/bash", [script, LearnSandbox.binaryDirectory.path], environment: ChildProcess.inheritedEnvironment,
            stdout: .file(output), stderr: .standardOutput, leadsGroup: true, timeout: .seconds(240))
        let text = (try? String(contentsOfFile: output, encoding: .utf8)) ?? ""
        print(text)
        #expect(result.exitCode == 0, "\(result): \(text)")
        #expect(text.contains("PASS offline") || text.contains("SKIP"), "\(text)")
    }
}
