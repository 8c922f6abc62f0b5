import DoseApp
import DoseCore
import DoseSystem
import DoseTestSupport
import Foundation
import Testing

/// A throw-away XDG home with a real store, filled by the real `dose` binary, and a way to ask the real
/// `dose` and `dose-notify` what they would show, to hold the window's logic to theirs.
final class Home {
    let root: URL

    init() throws {
        root = FileManager.default.temporaryDirectory.appendingPathComponent("dose-desktop-\(UUID().uuidString)")
        try FileManager.default.createDirectory(
            at: root.appendingPathComponent("runtime"), withIntermediateDirectories: true,
            attributes: [.posixPermissions: 0o700])
    }

    deinit {
        try? FileManager.default.removeItem(at: root)
    }

    var paths: DosePaths {
        DosePaths(
            dataHome: root.appendingPathComponent("data").path, configHome: root.appendingPathComponent("config").path,
            stateHome: root.appendingPathComponent("state").path, cacheHome: root.appendingPathComponent("cache").path,
            runtimeDirectory: root.appendingPathComponent("runtime").path)
    }

    var configPath: String { root.appendingPathComponent("config/daily-dose/config.ini").path }

    /// The pool at noon UTC of `day` (a fixed zone: the tests never read the clock).
    func pool(on day: CivilDate) -> DesktopPool {
        DesktopPool(paths: paths, now: Int64(day.daysSinceEpoch) * 86_400 + 43_200, zone: FixedOffsetZone.utc)
    }

    /// The directory of the built executables (next to the test bundle).
    static var binaryDirectory: URL {
        var directory = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath().deletingLastPathComponent()
        while !FileManager.default.fileExists(atPath: directory.appendingPathComponent("dose").path), directory.path != "/" {
            directory = directory.deletingLastPathComponent()
        }
        return directory
    }

    /// Runs a built binary in this home (at most 60 s: then it is killed and the test has an issue naming it);
    /// returns its status and standard output.
    @discardableResult
    func run(_ binary: String, _ arguments: String..., sourceLocation: SourceLocation = #_sourceLocation) throws -> (status: Int32, stdout: String) {
        let result = try ChildProcess.run(
            Self.binaryDirectory.appendingPathComponent(binary).path, arguments,
            environment: [
                "HOME": root.path, "XDG_DATA_HOME": paths.dataHome, "XDG_CONFIG_HOME": paths.configHome,
                "XDG_STATE_HOME": paths.stateHome, "XDG_CACHE_HOME": paths.cacheHome,
                "XDG_RUNTIME_DIR": paths.runtimeDirectory ?? "", "TZ": "UTC", "LANG": "C.UTF-8", "PATH": "/usr/bin:/bin",
            ],
            stderr: .discard)
        if result.timedOut { Issue.record("\(result)", sourceLocation: sourceLocation) }
        return (result.exitCode ?? result.signal ?? -1, result.stdout)
    }

    /// Writes `text` to a file in the home and imports it with `dose import`.
    func importPack(_ text: String) throws {
        let pack = root.appendingPathComponent("pack.json")
        try Data(text.utf8).write(to: pack)
        let result = try run("dose", "import", pack.path)
        precondition(result.status == 0, "dose import failed")
    }

    static let pack = """
        {"format": "daily-dose-pack/1", "items": [
        {"id": "f-ohm", "kind": "fact", "sortKey": 2, "title": "Ohm's law", "text": "Ohm: $V = IR$ <script>alert(1)</script>"},
        {"id": "f-kcl", "kind": "fact", "sortKey": 1, "tags": ["EE"], "text": "KCL"},
        {"id": "f-big-o", "kind": "fact", "sortKey": 1, "tags": ["CS"], "text": "Big O"},
        {"id": "m-faraday", "kind": "formula", "sortKey": 5, "title": "Faraday", "text": "\\\\mathcal{E} = -\\\\frac{d\\\\Phi_B}{dt}"},
        {"id": "m-ohm", "kind": "formula", "sortKey": -3, "text": "V = IR"},
        {"id": "q-weber", "kind": "question", "text": "What is one $\\\\Phi$ weber?", "answer": "ANSWER-weber", "explanation": "EXPLAIN-weber"},
        {"id": "q-z", "kind": "question", "text": "Zed?", "answer": "ANSWER-z"},
        {"id": "q-stack", "kind": "question", "sortKey": 7, "tags": ["CS"], "text": "LIFO or FIFO?", "answer": "ANSWER-stack"}
        ]}
        """
}
