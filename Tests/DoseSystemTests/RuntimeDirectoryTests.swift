import DoseTestSupport
import Foundation
import Testing

@testable import DoseSystem

/// `$XDG_RUNTIME_DIR` is used only when it is what the XDG spec demands (a directory of this user,
/// mode 0700); otherwise a warning and a private fallback, itself checked, never created elsewhere.
@Suite(.timeLimit(.minutes(5)), .watched) struct RuntimeDirectoryTests {
    /// A scratch directory (0700) and paths whose fallback lives inside it.
    func scratch(runtime: String?) throws -> (root: String, paths: DosePaths) {
        let root = NSTemporaryDirectory() + "dose-runtime-" + UUID().uuidString
        #expect(mkdir(root, 0o700) == 0)
        var paths = DosePaths(dataHome: root + "/data", configHome: root + "/config", stateHome: root + "/state",
                              cacheHome: root + "/cache", runtimeDirectory: runtime)
        paths.temporaryDirectory = root
        return (root, paths)
    }

    func resolve(_ paths: DosePaths) -> (path: String?, warnings: [String]) {
        var warnings: [String] = []
        let path = RuntimeDirectory.resolve(paths) { warnings.append($0) }
        return (path, warnings)
    }

    static let nobody: uid_t = 65534

    @Test func aPrivateRuntimeDirectoryIsUsed() throws {
        let (root, _) = try scratch(runtime: nil)
        let runtime = root + "/run"
        #expect(mkdir(runtime, 0o700) == 0)
        let (_, paths) = try scratch(runtime: runtime)
        let (path, warnings) = resolve(paths)
        #expect(path == runtime + "/daily-dose")
        #expect(warnings.isEmpty)
    }

    @Test func withoutOneThePrivateFallbackIsUsedQuietly() throws {
        let (root, paths) = try scratch(runtime: nil)
        let (path, warnings) = resolve(paths)
        #expect(path == root + "/daily-dose-\(geteuid())")
        #expect(warnings.isEmpty)
        var info = stat()
        #expect(lstat(try #require(path), &info) == 0)
        #expect(info.st_mode & 0o7777 == 0o700 && info.st_uid == geteuid())
    }

    /// Missing (never created: as root `dose` made `/nonexistent/daily-dose`), open to others, another
    /// user's, a symlink, not a directory: each is refused with a warning naming it and the fallback used.
    @Test func aRuntimeDirectoryThatIsNotPrivateIsRefused() throws {
        let (root, _) = try scratch(runtime: nil)
        let open = root + "/open"
        #expect(mkdir(open, 0o700) == 0 && chmod(open, 0o777) == 0)
        let group = root + "/group"
        #expect(mkdir(group, 0o700) == 0 && chmod(group, 0o750) == 0)
        let linked = root + "/linked"
        let target = root + "/target"
        #expect(mkdir(target, 0o700) == 0 && symlink(target, linked) == 0)
        let file = root + "/file"
        #expect(FileManager.default.createFile(atPath: file, contents: Data()))
        var cases: [(String, String)] = [
            (root + "/nonexistent", "No such file"), (open, "mode 777"), (group, "mode 750"),
            (linked, "symbolic link"), (file, "not a directory"),
        ]
        if geteuid() == 0 {
            let others = root + "/others"
            #expect(mkdir(others, 0o700) == 0 && chown(others, Self.nobody, Self.nobody) == 0)
            cases.append((others, "another user"))
        }
        for (runtime, reason) in cases {
            let (scratchRoot, paths) = try scratch(runtime: runtime)
            let (path, warnings) = resolve(paths)
            #expect(path == scratchRoot + "/daily-dose-\(geteuid())", "\(runtime)")
            #expect(warnings.count == 1 && warnings[0].contains(runtime) && warnings[0].contains(reason), "\(warnings)")
            #expect(!FileManager.default.fileExists(atPath: runtime + "/daily-dose"), "\(runtime)")
        }
        #expect(!FileManager.default.fileExists(atPath: root + "/nonexistent"))
    }

    /// The warning in the user's language: the directory and the fallback named as they are, the reason in German.
    @Test func theWarningInGerman() throws {
        let (root, _) = try scratch(runtime: nil)
        let linked = root + "/linked"
        #expect(mkdir(root + "/target", 0o700) == 0 && symlink(root + "/target", linked) == 0)
        let (scratchRoot, paths) = try scratch(runtime: linked)
        let (path, warnings) = try German.run { resolve(paths) }
        let fallback = scratchRoot + "/daily-dose-\(geteuid())"
        #expect(path == fallback)
        #expect(warnings == ["XDG_RUNTIME_DIR \(linked) ist ein symbolischer Link, kein Verzeichnis; stattdessen wird \(fallback) genutzt"])
        #expect(resolve(paths).warnings == ["XDG_RUNTIME_DIR \(linked) is a symbolic link, not a directory; using \(fallback) instead"])
    }

    /// A fallback name planted beforehand by someone else (another user's directory, a symlink, or
    /// one open to others) is refused: no private directory at all rather than someone else's.
    @Test func aPlantedFallbackIsRefused() throws {
        var plants: [(String, (String) -> Bool)] = [
            ("symlink", { path in symlink("/tmp", path) == 0 }),
            ("mode 755", { path in mkdir(path, 0o700) == 0 && chmod(path, 0o755) == 0 }),
        ]
        if geteuid() == 0 {
            plants.append(("another user", { path in mkdir(path, 0o700) == 0 && chown(path, Self.nobody, Self.nobody) == 0 }))
        }
        for (name, plant) in plants {
            let (root, paths) = try scratch(runtime: nil)
            #expect(plant(root + "/daily-dose-\(geteuid())"), "\(name)")
            let (path, warnings) = resolve(paths)
            #expect(path == nil, "\(name)")
            #expect(warnings.count == 1 && warnings[0].contains("refusing"), "\(name): \(warnings)")
        }
    }
}
