import DoseSystem
import Foundation
import Glibc

/// Runs test code in German on its own thread only (`uselocale`: gettext's messages and strftime's names follow
/// the thread's locale), so the suites running beside it in this process stay in C and English. Shared by the suites
/// that check German text in process (DoseDesktopTests, DoseNotifierTests).
public enum German {
    /// The catalogues po/build.sh compiles from po/de.po, in a directory of this test run.
    public static let catalogues: String = {
        let package = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("dose-desktop-locale-\(UUID().uuidString)")
        let build = try? ChildProcess.run(
            package.appendingPathComponent("po/build.sh").path,
            [directory.appendingPathComponent("daily-dose.pot").path, directory.appendingPathComponent("locale").path],
            environment: ChildProcess.inheritedEnvironment, stdout: .discard, leadsGroup: true, timeout: .seconds(180))
        // The German checks fail on their own without catalogues; this says why.
        if build?.exitCode != 0 { print("po/build.sh for the German tests: \(build.map(\.description) ?? "did not start")") }
        return directory.appendingPathComponent("locale").path
    }()

    /// `body`'s result with this thread's locale de_DE.UTF-8 and the domain bound to the fresh catalogues.
    /// (The binding is process-wide, but only a thread in a locale other than C ever reads a catalogue.)
    public static func run<T>(_ body: () throws -> T) throws -> T {
        Localization.bind(directory: catalogues)
        guard let locale = newlocale(LC_MESSAGES_MASK | LC_TIME_MASK | LC_CTYPE_MASK, "de_DE.UTF-8", nil) else { throw CocoaError(.featureUnsupported) }
        let previous = uselocale(locale)
        defer {
            uselocale(previous)
            freelocale(locale)
        }
        return try body()
    }
}
