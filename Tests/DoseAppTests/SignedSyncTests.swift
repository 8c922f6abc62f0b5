import DoseTestSupport
import Foundation
import Testing

/// Signed packs end to end: real minisign keys and signatures, the real `dose` binary, a loopback server.
@Suite(.timeLimit(.minutes(5)), .watched) struct SignedSyncTests {
    /// A sandbox, a minisign directory with key "a", and the loopback pack server over a directory of files.
    struct World {
        let sandbox: Sandbox
        let tool: MinisignTool
        let served: URL
        let url: String
        let log: String
        let process: ChildProcess
        let keyA: String

        init() throws {
            sandbox = try Sandbox()
            tool = try MinisignTool()
            keyA = try tool.makeKey("a")
            served = sandbox.root.appendingPathComponent("served")
            try FileManager.default.createDirectory(at: served, withIntermediateDirectories: true)
            let server = try SyncTests().startServer(sandbox, pack: served.path)
            (log, process) = (server.log, server.process)
            url = server.url + "/pack.json"
        }

        func stop() {
            SyncTests().stop(process)
            tool.remove()
        }

        var packPath: String { served.appendingPathComponent("pack.json").path }
        var signaturePath: String { packPath + ".minisig" }

        /// Serves `text` as the pack, signed by `key` (nil: unsigned, no .minisig at all).
        func serve(_ text: String, signedBy key: String? = "a", legacy: Bool = false, comment: String? = nil) throws {
            try Data(text.utf8).write(to: URL(fileURLWithPath: packPath))
            try? FileManager.default.removeItem(atPath: signaturePath)
            if let key { try tool.sign(packPath, key: key, legacy: legacy, comment: comment, output: signaturePath) }
        }

        func requests() throws -> [[String: Any]] {
            guard FileManager.default.fileExists(atPath: log) else { return [] }
            return try Sandbox.jsonLines(try String(contentsOfFile: log, encoding: .utf8))
        }

        /// Everything a refused sync must leave alone: the store's rows (meta: validators included) and the snapshot.
        func state() throws -> String {
            let query = try ChildProcess.run(
                "/usr/bin/sqlite3", ["-readonly", sandbox.databasePath, "SELECT key, value FROM meta ORDER BY key; SELECT * FROM items ORDER BY id;"],
                environment: ChildProcess.basicEnvironment)
            #expect(query.exitCode == 0, "\(query)")
            let rows = query.stdout
            let snapshot = (try? String(contentsOfFile: sandbox.snapshotPath, encoding: .utf8)) ?? "(none)"
            return rows + "\n--\n" + snapshot
        }
    }

    @Test(arguments: [false, true]) func aGoodSignatureImportsAndShowsTheTrustedCommentMadeSafe(legacy: Bool) throws {
        let world = try World()
        defer { world.stop() }
        try world.serve(Fixtures.goldenPack, legacy: legacy, comment: "EE-101 week 3\t\u{202E}gpj.exe")
        #expect(try world.sandbox.dose("config", "set", "source.pubkey", world.keyA).status == 0)
        let run = try world.sandbox.dose("sync", world.url)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout.contains("Synced 13 items"))
        #expect(run.stdout.contains("trusted comment: EE-101 week 3 \\u{202E}gpj.exe"), "\(run.stdout)")
        #expect(!run.stdout.contains("\u{202E}"))
        #expect(try world.sandbox.dose("show", "q-weber").status == 0)

        // Again: both conditional, both 304, nothing fetched.
        let again = try world.sandbox.dose("sync", world.url)
        #expect(again.status == 0, "\(again.stderr)")
        #expect(again.stdout.contains("unchanged"))
        let requests = try world.requests()
        #expect(requests.map { $0["path"] as? String } == ["/pack.json.minisig", "/pack.json", "/pack.json.minisig", "/pack.json"])
        #expect(requests[2]["if-none-match"] as? String != nil)
        #expect(requests[3]["if-none-match"] as? String != nil)
    }

    /// Each way a signed sync must be refused: exit 65, a message naming what failed, nothing changed.
    @Test func everyBadSignatureIsRefusedAndChangesNothing() throws {
        let world = try World()
        defer { world.stop() }
        let sandbox = world.sandbox
        // A pool and validators from a good signed sync of another pack first.
        try world.serve(Fixtures.otherPack)
        #expect(try sandbox.dose("config", "set", "source.pubkey", world.keyA).status == 0)
        #expect(try sandbox.dose("config", "set", "source", world.url).status == 0)
        #expect(try sandbox.dose("sync").status == 0)
        let before = try world.state()
        #expect(before.contains("sync.etag"))

        func refused(
            _ expected: String, _ comment: Comment, saying ending: String = "nothing was changed",
            sourceLocation: SourceLocation = #_sourceLocation
        ) throws {
            let run = try sandbox.dose("sync")
            #expect(run.status == 65, "\(comment): \(run.stderr)", sourceLocation: sourceLocation)
            #expect(run.stderr.contains(expected), "\(comment): \(run.stderr)", sourceLocation: sourceLocation)
            #expect(run.stderr.contains(ending), sourceLocation: sourceLocation)
            #expect(try world.state() == before, "\(comment) changed the store or the snapshot", sourceLocation: sourceLocation)
        }

        // One byte flipped after signing ("Zeta" becomes "Zetb": still a valid pack).
        try world.serve(Fixtures.goldenPack)
        var bytes = try Data(contentsOf: URL(fileURLWithPath: world.packPath))
        let at = bytes.range(of: Data("Zeta".utf8))!.upperBound - 1
        bytes[at] ^= 0x03
        try bytes.write(to: URL(fileURLWithPath: world.packPath))
        try refused("does not match the pack", "a tampered pack")

        try world.serve(Fixtures.goldenPack, signedBy: nil)
        try refused("no signature at", "an unsigned pack (404)")

        try world.tool.makeKey("b")
        try world.serve(Fixtures.goldenPack, signedBy: "b")
        try refused("not by the trusted key", "another key id")

        // Key b's Ed25519 key under key a's id, configured; the pack signed by key a.
        let a = try #require(Data(base64Encoded: world.keyA)), b = try #require(Data(base64Encoded: try world.tool.makeKey("c")))
        let forged = (a.prefix(10) + b.suffix(32)).base64EncodedString()
        try world.serve(Fixtures.goldenPack)
        #expect(try sandbox.dose("config", "set", "source.pubkey", forged).status == 0)
        try refused("does not match the pack", "the right key id on another key")
        #expect(try sandbox.dose("config", "set", "source.pubkey", world.keyA).status == 0)

        try world.serve(Fixtures.goldenPack, comment: "week 3")
        let signature = try String(contentsOfFile: world.signaturePath, encoding: .utf8)
        try signature.replacingOccurrences(of: "week 3", with: "week 4").write(toFile: world.signaturePath, atomically: true, encoding: .utf8)
        try refused("trusted comment", "a changed trusted comment")

        try "untrusted comment: x\n\u{1B}]0;owned\u{07}\n".write(toFile: world.signaturePath, atomically: true, encoding: .utf8)
        try refused("malformed minisign signature", "garbage for a signature")

        try Data(repeating: UInt8(ascii: "A"), count: 20_000).write(to: URL(fileURLWithPath: world.signaturePath))
        try refused("more than 16384 bytes", "a signature past its cap", saying: "the cached pool stays in use")

        // The good signature still goes through afterwards.
        try world.serve(Fixtures.goldenPack)
        let good = try sandbox.dose("sync")
        #expect(good.status == 0, "\(good.stderr)")
        #expect(good.stdout.contains("Synced 13 items"))
    }

    @Test func aNewSignatureOnAnUnchangedPackFetchesThePackAgain() throws {
        let world = try World()
        defer { world.stop() }
        try world.serve(Fixtures.goldenPack, comment: "first")
        #expect(try world.sandbox.dose("config", "set", "source.pubkey", world.keyA).status == 0)
        #expect(try world.sandbox.dose("sync", world.url).status == 0)
        try world.serve(Fixtures.goldenPack, comment: "second")
        let run = try world.sandbox.dose("sync", world.url)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout.contains("trusted comment: second"), "\(run.stdout)")
        let requests = try world.requests()
        #expect(requests.count == 4)
        #expect(requests[3]["path"] as? String == "/pack.json")
        #expect(requests[3]["if-none-match"] is NSNull, "the pack is fetched whole for a new signature")
    }

    @Test func aKeySetOrChangedChecksThePackAtOnce() throws {
        let world = try World()
        defer { world.stop() }
        try world.serve(Fixtures.goldenPack, signedBy: nil)
        #expect(try world.sandbox.dose("sync", world.url).status == 0)
        #expect(try world.sandbox.dose("config", "set", "source.pubkey", world.keyA).status == 0)
        // Still unsigned: the pool the old ETag names was never checked, so no 304 may pass it.
        let run = try world.sandbox.dose("sync", world.url)
        #expect(run.status == 65, "\(run.stdout) \(run.stderr)")
        try world.serve(Fixtures.goldenPack)
        let signed = try world.sandbox.dose("sync", world.url)
        #expect(signed.status == 0, "\(signed.stderr)")
        #expect(signed.stdout.contains("verified"))
        let last = try #require(try world.requests().last)
        #expect(last["path"] as? String == "/pack.json")
        #expect(last["if-none-match"] is NSNull)
        // Another key configured: the pool was checked with the old one, so no 304 may keep it.
        #expect(try world.sandbox.dose("config", "set", "source.pubkey", try world.tool.makeKey("b")).status == 0)
        let rotated = try world.sandbox.dose("sync", world.url)
        #expect(rotated.status == 65, "\(rotated.stdout) \(rotated.stderr)")
        #expect(rotated.stderr.contains("not by the trusted key"))
        #expect(try world.requests().suffix(2).allSatisfy { $0["if-none-match"] is NSNull })
    }

    /// Issue 11: validators belong to the pool they fetched; a local import in between means a whole fetch.
    @Test func aSyncAfterALocalImportFetchesThePackAgain() throws {
        let world = try World()
        defer { world.stop() }
        let sandbox = world.sandbox
        try world.serve(Fixtures.goldenPack, signedBy: nil)
        #expect(try sandbox.dose("sync", world.url).status == 0)
        #expect(try sandbox.dose("import", try sandbox.write("other.json", Fixtures.otherPack)).status == 0)
        let run = try sandbox.dose("sync", world.url)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout.contains("Synced 13 items"), "\(run.stdout)")
        let requests = try world.requests()
        #expect(requests.count == 2)
        #expect(requests.last?["if-none-match"] is NSNull, "the old ETag described another pool")
        #expect(try sandbox.dose("show", "q-weber").status == 0)
        #expect(try sandbox.dose("show", "other-fact").status != 0)
        // And the sync after that is conditional again.
        #expect(try sandbox.dose("sync", world.url).stdout.contains("unchanged"))
    }

    @Test func localImportAndValidateCheckPackDotMinisig() throws {
        let world = try World()
        defer { world.stop() }
        let sandbox = world.sandbox
        for legacy in [false, true] {
            try world.serve(Fixtures.goldenPack, legacy: legacy, comment: "local \(legacy)")
            let validate = try sandbox.dose("validate", "--pubkey", world.keyA, world.packPath)
            #expect(validate.status == 0, "\(validate.stderr)")
            #expect(validate.stdout.contains("trusted comment: local \(legacy)"))
            let imported = try sandbox.dose("import", "--pubkey", world.keyA, world.packPath)
            #expect(imported.status == 0, "\(imported.stderr)")
            #expect(imported.stdout.contains("trusted comment: local \(legacy)"))
        }
        // A file source with the key set: its .minisig is checked too.
        #expect(try sandbox.dose("config", "set", "source.pubkey", world.keyA).status == 0)
        #expect(try sandbox.dose("sync", world.packPath).status == 0)

        #expect(try sandbox.dose("import", try sandbox.write("other.json", Fixtures.otherPack)).status == 0)
        let before = try world.state()
        try Data(Fixtures.goldenPack.replacingOccurrences(of: "Zeta", with: "Zetb").utf8).write(to: URL(fileURLWithPath: world.packPath))
        for command in ["validate", "import"] {
            let tampered = try sandbox.dose(command, "--pubkey", world.keyA, world.packPath)
            #expect(tampered.status == 65, "\(command): \(tampered.stderr)")
            #expect(tampered.stderr.contains("does not match the pack"))
        }
        #expect(try sandbox.dose("sync", world.packPath).status == 65)
        try FileManager.default.removeItem(atPath: world.signaturePath)
        for command in ["validate", "import"] {
            let missing = try sandbox.dose(command, "--pubkey", world.keyA, world.packPath)
            #expect(missing.status == 65, "\(command): \(missing.stderr)")
            #expect(missing.stderr.contains("no signature file \(world.signaturePath)"))
        }
        #expect(try world.state() == before)
        #expect(try sandbox.dose("import", "--pubkey", "not-a-key", world.packPath).status == 64)
        // Without a key, a local import stays as it was: no signature wanted.
        #expect(try sandbox.dose("validate", world.packPath).status == 0)
    }

    @Test func sourcePubkeyIsCheckedOnTheWayIn() throws {
        let world = try World()
        defer { world.stop() }
        let sandbox = world.sandbox
        let bad = try sandbox.dose("config", "set", "source.pubkey", "RWQnot-a-key")
        #expect(bad.status == 78)
        #expect(bad.stderr.contains("not a minisign public key"))
        #expect(try sandbox.dose("config", "set", "source.pubkey", "  \(world.keyA) ").status == 0)
        #expect(try sandbox.dose("config", "get", "source.pubkey").stdout == world.keyA + "\n")
        // A broken value written by hand stops a sync; it never means "unchecked".
        try "[dose]\nsource.pubkey=RWQbroken\n".write(toFile: sandbox.configPath, atomically: true, encoding: .utf8)
        try world.serve(Fixtures.goldenPack, signedBy: nil)
        let run = try sandbox.dose("sync", world.url)
        #expect(run.status == 78, "\(run.stderr)")
        // So does one GKeyFile cannot read (a backslash escape it does not know).
        try "[dose]\nsource.pubkey=RWQ\\qbroken\n".write(toFile: sandbox.configPath, atomically: true, encoding: .utf8)
        let unreadable = try sandbox.dose("sync", world.url)
        #expect(unreadable.status == 78, "\(unreadable.stderr)")
        #expect(try world.requests().isEmpty)
    }
}
