import DoseApp
import DoseSystem
import DoseTestSupport
import Foundation
import Testing

/// A `source` typed as a relative path names a file in the directory it was typed in, whatever
/// directory the sync later runs from (the daemon's is `$HOME`, or wherever systemd started it).
@Suite(.timeLimit(.minutes(5)), .watched) struct RelativeSourceTests {
    /// `dose ARGS` run from `directory` (the sandbox's runner takes the test's own working directory).
    private func dose(in directory: String, _ sandbox: Sandbox, _ arguments: String...) throws -> Sandbox.Run {
        let command = "cd \"$1\" && shift && exec \"$@\""
        return try sandbox.runExecutable(
            "/bin/sh", ["-c", command, "sh", directory, Sandbox.binaryDirectory.appendingPathComponent("dose").path] + arguments)
    }

    private func directory(_ sandbox: Sandbox, _ name: String, pack: String) throws -> String {
        let path = sandbox.root.appendingPathComponent(name).path
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        try pack.write(toFile: path + "/pack.json", atomically: true, encoding: .utf8)
        return path
    }

    @Test func aRelativeSourceIsStoredAbsoluteAndSyncedFromAnywhere() throws {
        let sandbox = try Sandbox()
        let packs = try directory(sandbox, "packs", pack: Fixtures.otherPack)
        let elsewhere = try directory(sandbox, "elsewhere", pack: Fixtures.goldenPack)
        let set = try dose(in: packs, sandbox, "config", "set", "source", "./pack.json")
        #expect(set.status == 0, "\(set.stderr)")
        #expect(set.stdout == "source = \(packs)/pack.json\n")
        #expect(try sandbox.dose("config", "get", "source").stdout == "\(packs)/pack.json\n")
        // The sync runs from another directory holding another pack.json: the one set is the one imported.
        let sync = try dose(in: elsewhere, sandbox, "sync")
        #expect(sync.status == 0, "\(sync.stderr)")
        #expect(try sandbox.dose("show", "other-fact").status == 0)
        #expect(try sandbox.dose("show", "f-ohm").status == 66, "the pack of the sync's own directory was not read")
        // A file:// URL with a relative path is made absolute the same way.
        let url = try dose(in: packs, sandbox, "config", "set", "source", "file://pack.json")
        #expect(url.stdout == "source = file://\(packs)/pack.json\n", "\(url.stderr)")
    }

    /// `ftp://…` was taken for a relative path (stored as `$PWD/ftp://…`, then "No such file or directory" at the
    /// sync, issue 21): a scheme other than http(s) and file is refused as typed, and by `dose sync` as given.
    @Test func anotherSchemeIsRefusedWhereItIsTyped() throws {
        let sandbox = try Sandbox()
        let packs = try directory(sandbox, "packs", pack: Fixtures.otherPack)
        let set = try dose(in: packs, sandbox, "config", "set", "source", "ftp://example.org/pack.json")
        #expect(set.status == 78, "\(set.stderr)")
        #expect(set.stderr.contains("config key source: \"ftp://example.org/pack.json\": dose cannot fetch ftp:// URLs; give an http(s) URL or a file"), "\(set.stderr)")
        #expect(try sandbox.dose("config", "get", "source").status != 0, "nothing stored")
        let sync = try dose(in: packs, sandbox, "sync", "ftp://example.org/pack.json")
        #expect(sync.status == 64, "\(sync.stderr)")
        #expect(sync.stderr.contains("ftp://example.org/pack.json: dose cannot fetch ftp:// URLs; give an http(s) URL or a file"), "\(sync.stderr)")
        #expect(!sync.stderr.contains("No such file"))
    }

    /// A relative source already in a config file (written before this rule) names no directory: it is
    /// refused like any bad stored value, and the sync imports nothing rather than another pack.json.
    @Test func aStoredRelativeSourceIsRefused() throws {
        let sandbox = try Sandbox()
        let elsewhere = try directory(sandbox, "elsewhere", pack: Fixtures.goldenPack)
        try FileManager.default.createDirectory(atPath: FileSystem.parentDirectory(of: sandbox.configPath), withIntermediateDirectories: true)
        try "[dose]\nsource=pack.json\n".write(toFile: sandbox.configPath, atomically: true, encoding: .utf8)
        let sync = try dose(in: elsewhere, sandbox, "sync")
        #expect(sync.status == 78, "\(sync.stderr)")
        #expect(sync.stderr.contains("config key source: \"pack.json\" is a relative path: give an absolute path or an http(s) URL"), "\(sync.stderr)")
        #expect(try sandbox.dose("show", "f-ohm").status == 66)
    }

    /// The app (Preferences, the welcome page) has no directory a person typed a path in: a relative one
    /// is refused there, naming the key and the value, and nothing is stored.
    @Test func theAppRefusesARelativeSource() throws {
        let sandbox = try Sandbox()
        let paths = DosePaths(
            dataHome: sandbox.root.appendingPathComponent("data").path, configHome: sandbox.root.appendingPathComponent("config").path,
            stateHome: sandbox.root.appendingPathComponent("state").path, cacheHome: sandbox.root.appendingPathComponent("cache").path,
            runtimeDirectory: sandbox.root.appendingPathComponent("runtime").path)
        do {
            _ = try ConfigChange.set(.source, to: "packs/pack.json", paths: paths)
            Issue.record("a relative source was stored")
        } catch {
            #expect(error.kind == .invalid && error.key == .source)
            #expect(error.description == "config key source: \"packs/pack.json\" is a relative path: give an absolute path or an http(s) URL")
        }
        #expect(try sandbox.dose("config", "get", "source").status == 1)
        #expect(try ConfigChange.set(.source, to: "/srv/packs/pack.json", paths: paths).stored == "/srv/packs/pack.json")
    }
}
