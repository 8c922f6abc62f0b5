import Foundation
import Testing

/// Runs tests/learning/offline.sh: the daemon in a network namespace with no route, then with one.
@Suite struct OfflineNamespaceTests {
    @Test func noRouteMeansNoAttemptAndARouteStartsTheWorkAtOnce() throws {
        let box = try LearnSandbox()
        let script = box.packageRoot.appendingPathComponent("tests/learning/offline.sh").path
        let output = box.root.appendingPathComponent("offline.out").path
        FileManager.default.createFile(atPath: output, contents: nil)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/bash")
        process.arguments = [script, LearnSandbox.binaryDirectory.path]
        let sink = FileHandle(forWritingAtPath: output)!
        process.standardOutput = sink
        process.standardError = sink
        try process.run()
        process.waitUntilExit()
        let text = (try? String(contentsOfFile: output, encoding: .utf8)) ?? ""
        print(text)
        #expect(process.terminationStatus == 0, "\(text)")
        #expect(text.contains("PASS offline") || text.contains("SKIP"), "\(text)")
    }
}
