import Foundation
import DoseTestSupport
import Testing

/// The executables link only what their jobs need: no Foundation in either, no SQLite or libcurl in the scheduler.
///
/// Package.swift refuses `import Foundation` in the executables' modules at compile time (a module
/// alias to a module that does not exist); this checks the linked result, dynamic and static alike:
/// the shared libraries each binary needs (`readelf -d`) and the Swift modules its symbols come from.
@Suite(.timeLimit(.minutes(5)), .watched) struct LinkageTests {
    struct Linkage {
        var needed: [String]
        var symbols: String
    }

    func linkage(_ binary: URL) throws -> Linkage {
        let dynamic = try run("/usr/bin/readelf", ["-d", "--wide", binary.path])
        let needed = dynamic.split(separator: "\n").compactMap { line -> String? in
            guard line.contains("(NEEDED)"), let open = line.firstIndex(of: "["), let close = line.lastIndex(of: "]")
            else { return nil }
            return String(line[line.index(after: open)..<close])
        }
        return Linkage(needed: needed, symbols: try run("/usr/bin/readelf", ["-Ws", "--wide", binary.path]))
    }

    func run(_ tool: String, _ arguments: [String]) throws -> String {
        let result = try ChildProcess.run(tool, arguments, environment: ChildProcess.basicEnvironment)
        #expect(result.exitCode == 0, "\(result)")
        return result.stdout
    }

    /// The binaries this test run uses, and the release ones when they were built beside them.
    var binaryDirectories: [URL] {
        var directories = [Sandbox.binaryDirectory]
        let release = Sandbox.binaryDirectory.deletingLastPathComponent().appendingPathComponent("release")
        if FileManager.default.fileExists(atPath: release.appendingPathComponent("dose").path) { directories.append(release) }
        return directories
    }

    /// Mangled Swift module names as they stand in symbols (`$s10Foundation4DataV…`).
    static let foundationModules = ["10Foundation", "20FoundationEssentials", "20FoundationNetworking", "31FoundationInternationalization"]

    @Test(arguments: ["dose", "dose-notify"])
    func noFoundation(_ name: String) throws {
        for directory in binaryDirectories {
            let binary = directory.appendingPathComponent(name)
            let linked = try linkage(binary)
            let hasSymbols = !linked.symbols.isEmpty
            #expect(hasSymbols)
            #expect(!linked.needed.contains { $0.contains("Foundation") }, "\(binary.path) needs \(linked.needed)")
            let carried = Self.foundationModules.filter { linked.symbols.contains("$s" + $0) }
            #expect(carried.isEmpty, "\(binary.path) carries symbols of \(carried)")
        }
    }

    @Test func onlyTheDesktopAppLinksGTKAndWebKitAndItCarriesNoFoundation() throws {
        let toolkit = ["libgtk-4", "libadwaita-1", "libwebkitgtk-6.0"]
        for directory in binaryDirectories {
            for name in ["dose", "dose-notify"] {
                let linked = try linkage(directory.appendingPathComponent(name))
                #expect(!linked.needed.contains { needed in toolkit.contains { needed.hasPrefix($0) } }, "\(name): \(linked.needed)")
            }
        }
        let app = try linkage(Sandbox.binaryDirectory.appendingPathComponent("daily-dose"))
        for library in toolkit {
            #expect(app.needed.contains { $0.hasPrefix(library) }, "daily-dose needs \(app.needed)")
        }
        #expect(!app.needed.contains { $0.contains("Foundation") }, "daily-dose needs \(app.needed)")
        let carried = Self.foundationModules.filter { app.symbols.contains("$s" + $0) }
        #expect(carried.isEmpty, "daily-dose carries symbols of \(carried)")
    }

    @Test func schedulerLinksNeitherSQLiteNorCurl() throws {
        for directory in binaryDirectories {
            let binary = directory.appendingPathComponent("dose-notify")
            let linked = try linkage(binary)
            #expect(!linked.needed.contains { $0.hasPrefix("libsqlite3") || $0.hasPrefix("libcurl") || $0.hasPrefix("libsodium") }, "\(linked.needed)")
            // Issue 13: the click goes to the app over D-Bus; the scheduler links no GTK, libadwaita or WebKit,
            // and speaks org.freedesktop.Notifications itself (no libnotify).
            let desktop = ["libgtk", "libadwaita", "libwebkit", "libnotify"]
            #expect(!linked.needed.contains { library in desktop.contains { library.hasPrefix($0) } }, "\(linked.needed)")
            #expect(!linked.symbols.contains(" gtk_") && !linked.symbols.contains(" notify_"), "\(binary.path) carries GTK or libnotify")
            let carriesSQLite = linked.symbols.contains(" sqlite3_")
            let carriesCurl = linked.symbols.contains(" curl_")
            #expect(!carriesSQLite, "\(binary.path) carries SQLite")
            #expect(!carriesCurl, "\(binary.path) carries libcurl")
        }
    }

    @Test func theAppLinksSQLiteAndOpensCurlOnlyForATransfer() throws {
        // The positive control: the same reading finds what `dose` does link.
        let linked = try linkage(Sandbox.binaryDirectory.appendingPathComponent("dose"))
        #expect(linked.needed.contains { $0.hasPrefix("libsqlite3") })
        // libcurl (and its 32 libraries) is opened by the first transfer, not at start-up.
        #expect(!linked.needed.contains { $0.hasPrefix("libcurl") }, "\(linked.needed)")
        let sandbox = try Sandbox()
        let version = try sandbox.run("dose", ["--version"], extraEnvironment: ["LD_DEBUG": "files"])
        #expect(version.status == 0)
        #expect(!version.stderr.contains("libcurl"), "`dose --version` loaded libcurl")
        // Nothing listens on port 9: the transfer fails, but only after libcurl was opened for it.
        let sync = try sandbox.run("dose", ["sync", "http://127.0.0.1:9/pack.json"], extraEnvironment: ["LD_DEBUG": "files"])
        #expect(sync.status == 69, "\(sync.stderr.suffix(400))")
        #expect(sync.stderr.contains("file=libcurl.so.4"), "`dose sync` did not open libcurl")
    }

    @Test func theAppOpensLibsodiumOnlyToCheckASignature() throws {
        // Issue 19: linked, libsodium's symbols were bound before every command's `main` (-z now).
        for directory in binaryDirectories {
            let linked = try linkage(directory.appendingPathComponent("dose"))
            #expect(!linked.needed.contains { $0.hasPrefix("libsodium") }, "\(directory.path): \(linked.needed)")
            #expect(!linked.symbols.contains(" crypto_sign_verify_detached"), "\(directory.path) carries libsodium")
        }
        let sandbox = try Sandbox()
        let files = ["LD_DEBUG": "files"]
        #expect(try sandbox.dose("import", sandbox.samplePack).status == 0)
        for arguments in [["--version"], ["today"], ["show", "fact-si-2019-constants"]] {
            let run = try sandbox.run("dose", arguments, extraEnvironment: files)
            #expect(run.status == 0, "dose \(arguments): \(run.stderr.suffix(400))")
            #expect(!run.stderr.contains("libsodium"), "`dose \(arguments.joined(separator: " "))` loaded libsodium")
        }
        // A signature to check: libsodium is opened for it, and the verdict is its own.
        let tool = try MinisignTool()
        defer { tool.remove() }
        let key = try tool.makeKey("a")
        let pack = try sandbox.write("signed.json", String(decoding: try sandbox.read(sandbox.samplePack), as: UTF8.self))
        _ = try tool.sign(pack, key: "a", output: pack + ".minisig")
        let checked = try sandbox.run("dose", ["validate", pack, "--pubkey", key], extraEnvironment: files)
        #expect(checked.status == 0, "\(checked.stderr.suffix(400))")
        #expect(checked.stderr.contains("file=libsodium.so.23"), "`dose validate --pubkey` did not open libsodium")
    }

    @Test func theAppOpensLibsecretOnlyToLookAKeyUp() throws {
        let linked = try linkage(Sandbox.binaryDirectory.appendingPathComponent("dose"))
        #expect(!linked.needed.contains { $0.hasPrefix("libsecret") }, "\(linked.needed)")
        let sandbox = try Sandbox()
        let bus = try PrivateKeyring(keyring: false)
        let bare = ["LD_DEBUG": "files", "DBUS_SESSION_BUS_ADDRESS": bus.address]
        let version = try sandbox.run("dose", ["--version"], extraEnvironment: bare)
        #expect(!version.stderr.contains("libsecret"), "`dose --version` loaded libsecret")
        // A provider with no key file: `learn list` asks the Secret Service, so libsecret is opened then.
        #expect(try sandbox.dose("config", "set", "provider.url", "http://127.0.0.1:9/v1").status == 0)
        #expect(try sandbox.dose("config", "set", "provider.model", "m").status == 0)
        let list = try sandbox.run("dose", ["learn", "list"], extraEnvironment: bare)
        #expect(list.status == 0, "\(list.stderr.suffix(400))")
        #expect(list.stderr.contains("file=libsecret-1.so.0"), "`dose learn list` did not open libsecret")
    }
}
