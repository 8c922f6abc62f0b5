import DoseTestSupport
import Foundation
import Testing

/// `dose sync` against real HTTP on loopback.
@Suite(.timeLimit(.minutes(5)), .watched) struct SyncTests {
    /// Starts the loopback pack server (ready within 60 s, or an error); returns its base URL, the request log and the process.
    func startServer(_ sandbox: Sandbox, pack: String) throws -> (url: String, log: String, process: ChildProcess) {
        let log = sandbox.root.appendingPathComponent("requests.log").path
        let portFile = sandbox.root.appendingPathComponent("port").path
        let (server, port) = try ChildProcess.startServer(
            "/usr/bin/python3", [sandbox.packageRoot.appendingPathComponent("tests/support/pack_server.py").path, pack, log, portFile],
            environment: ChildProcess.basicEnvironment, portFile: portFile)
        return ("http://127.0.0.1:\(port)", log, server)
    }

    func stop(_ process: ChildProcess) {
        process.terminate()
    }

    @Test func conditionalSyncSends304Validators() throws {
        let sandbox = try Sandbox()
        let pack = try sandbox.write("golden.json", Fixtures.goldenPack)
        let server = try startServer(sandbox, pack: pack)
        defer { stop(server.process) }

        let first = try sandbox.dose("sync", server.url + "/pack.json")
        #expect(first.status == 0, "\(first.stderr)")
        #expect(first.stdout.contains("13 items"))

        let second = try sandbox.dose("sync", server.url + "/pack.json")
        #expect(second.status == 0, "\(second.stderr)")
        #expect(second.stdout.contains("unchanged"))

        let requests = try Sandbox.jsonLines(try String(contentsOfFile: server.log, encoding: .utf8))
        #expect(requests.count == 2)
        #expect(requests[0]["if-none-match"] is NSNull)
        #expect(requests[1]["if-none-match"] as? String != nil)
        #expect(requests[1]["if-modified-since"] as? String == "Sun, 29 Nov 2026 08:00:00 GMT")
    }

    @Test func failedSyncKeepsThePoolAndStillMirrorsTheSnapshot() throws {
        let sandbox = try Sandbox()
        #expect(try sandbox.dose("import", try sandbox.write("golden.json", Fixtures.goldenPack)).status == 0)
        try FileManager.default.removeItem(atPath: sandbox.snapshotPath)

        // Nothing listens on port 9 of loopback: the connection is refused at once.
        let offline = try sandbox.dose("sync", "http://127.0.0.1:9/pack.json")
        #expect(offline.status == 69, "\(offline.stderr)")
        #expect(offline.stderr.contains("cached pool"))
        #expect(FileManager.default.fileExists(atPath: sandbox.snapshotPath), "the pass mirrored despite failing")
        #expect(try sandbox.notify("--dry-run", "--date", "2026-11-29", "--json").stdout.contains("\"q-z\""))
        #expect(try sandbox.dose("show", "q-weber").status == 0)
    }

    @Test func serverErrorKeepsThePool() throws {
        let sandbox = try Sandbox()
        let pack = try sandbox.write("golden.json", Fixtures.goldenPack)
        let server = try startServer(sandbox, pack: pack)
        defer { stop(server.process) }
        #expect(try sandbox.dose("import", pack).status == 0)
        let run = try sandbox.dose("sync", server.url + "/fail")
        #expect(run.status == 69)
        #expect(run.stderr.contains("503"))
        #expect(try sandbox.dose("show", "f-ohm").status == 0)
    }

    @Test func syncFromConfiguredFileSource() throws {
        let sandbox = try Sandbox()
        let pack = try sandbox.write("other.json", Fixtures.otherPack)
        #expect(try sandbox.dose("sync").status == 78, "no source configured")
        #expect(try sandbox.dose("config", "set", "source", pack).status == 0)
        let run = try sandbox.dose("sync")
        #expect(run.status == 0, "\(run.stderr)")
        #expect(try sandbox.dose("show", "other-fact").status == 0)
    }
}
