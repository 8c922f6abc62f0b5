// Only where Swift Testing is there to import: `make release` builds this target too, with the static standard
// library, which has no Testing module.
#if canImport(Testing)
import Foundation
import Testing

/// The trait every suite carries beside its time limit: each test case, as it starts and as it ends, writes a line
/// to the journal `scripts/swift-test-watchdog.sh` names in `DOSE_TEST_JOURNAL`, so a run that hangs can say which
/// tests were running. (Swift Testing's own "started" comes as a test is queued, not as it runs, and its console
/// output reaches `swift test`'s only in blocks.) Nothing is written without the variable.
public struct WatchedTrait: SuiteTrait, TestTrait, TestScoping {
    public var isRecursive: Bool { true }

    public func provideScope(
        for test: Test, testCase: Test.Case?, performing function: @Sendable () async throws -> Void
    ) async throws {
        guard testCase != nil, let journal = Self.journal else { return try await function() }
        Self.append("start", test, to: journal)
        defer { Self.append("end", test, to: journal) }
        try await function()
    }

    private static let journal = ProcessInfo.processInfo.environment["DOSE_TEST_JOURNAL"].flatMap { $0.isEmpty ? nil : $0 }

    /// One line, `EVENT SECONDS-SINCE-1970 TEST-ID`, appended in one write (O_APPEND: lines of parallel tests never mix).
    private static func append(_ event: String, _ test: Test, to journal: String) {
        let line = Array("\(event) \(Int(Date().timeIntervalSince1970)) \(test.id)\n".utf8)
        let fd = open(journal, O_WRONLY | O_APPEND | O_CREAT | O_CLOEXEC, 0o644)
        guard fd >= 0 else { return }
        _ = line.withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
        close(fd)
    }
}

extension Trait where Self == WatchedTrait {
    /// Each test case's start and end in the watchdog's journal (see `WatchedTrait`).
    public static var watched: Self { Self() }
}
#endif
