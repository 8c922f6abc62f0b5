import DoseHTTP
import DoseSystem
import DoseTestSupport
import Foundation
import Testing

/// A fresh directory for a test's downloads, listed to show that nothing is left in it.
final class DownloadDirectory {
    let path: String
    /// A tiny tmpfs mounted on `path`, when the test needs a full disk.
    private var mounted = false

    init() throws {
        path = FileManager.default.temporaryDirectory.appendingPathComponent("dose-downloads-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    }

    deinit {
        if mounted { _ = try? Self.run("/bin/umount", [path]) }
        _ = chmod(path, 0o700)
        try? FileManager.default.removeItem(atPath: path)
    }

    /// What the directory holds, hidden entries included.
    var entries: [String] { (try? FileManager.default.contentsOfDirectory(atPath: path)) ?? ["(cannot list)"] }

    var destination: HTTPRequest.BodyDestination { .temporaryFile(directory: path) }

    /// Makes writing here fail: a 64 KiB tmpfs mounted over it (needs root, as in the test machine:
    /// a real ENOSPC while the body arrives), else the directory made read-only (creating the file
    /// fails). True when it was the tmpfs.
    func makeUnwritable() throws -> Bool {
        if geteuid() == 0 {
            let status = try Self.run("/bin/mount", ["-t", "tmpfs", "-o", "size=64k,mode=0700", "tmpfs", path])
            try #require(status == 0, "as root, but cannot mount a tmpfs to fill: no way to make a write fail here")
            mounted = true
            return true
        }
        try #require(chmod(path, 0o500) == 0)
        return false
    }

    private static func run(_ executable: String, _ arguments: [String]) throws -> Int32 {
        let result = try ChildProcess.run(executable, arguments, environment: ChildProcess.basicEnvironment, stdout: .discard, stderr: .discard)
        if result.timedOut { Issue.record("\(result)") }
        return result.status
    }
}

/// What a body sent to a temporary file must do, whichever driver runs the request.
enum FileDestinationChecks {
    /// The body is in the response's file, whole and alone; the file has no name at any time.
    static func theBodyArrivesInANamelessFile(_ http: any HTTPTransport, _ server: HostileServer) throws {
        let directory = try DownloadDirectory()
        let response = try http.send(HTTPRequest(url: server.url("/ok"), limits: limits(), bodyDestination: directory.destination)).get()
        #expect(response.status == 200)
        #expect(response.body.isEmpty)
        let file = try #require(response.bodyFile)
        #expect(String(decoding: try file.read(limit: 1 << 20), as: UTF8.self) == #"{"ok": true}"#)
        // Open, yet nowhere to be seen.
        #expect(directory.entries == [])
        // A memory destination has no file.
        #expect(try http.send(HTTPRequest(url: server.url("/ok"), limits: limits())).get().bodyFile == nil)
    }

    /// The cap counts the file's bytes after decompression, as it does the array's; nothing is left.
    static func theCapRefusesAtTheCap(_ http: any HTTPTransport, _ server: HostileServer) throws {
        let directory = try DownloadDirectory()
        let endless = http.send(HTTPRequest(url: server.url("/endless"), limits: limits(maxBody: 1 << 20), bodyDestination: directory.destination))
        guard case .failure(let error) = endless else { Issue.record("an endless body was accepted"); return }
        #expect(error.kind == .tooLarge)
        #expect(error.message == "the answer is larger than 1 MiB")
        let bomb = http.send(HTTPRequest(url: server.url("/gzip-bomb"), limits: limits(maxBody: 2 << 20), bodyDestination: directory.destination))
        guard case .failure(let bombError) = bomb else { Issue.record("the bomb was accepted"); return }
        #expect(bombError.message == "the answer is larger than 2 MiB")
        #expect(directory.entries == [])
    }

    /// A redirect's own body goes with its hop: the final file holds the final answer only.
    static func aRedirectStartsTheFileAfresh(_ http: any HTTPTransport, _ server: HostileServer) throws {
        let directory = try DownloadDirectory()
        let response = try http.send(HTTPRequest(url: server.url("/moved/moved/ok"), limits: limits(), bodyDestination: directory.destination)).get()
        #expect(server.requests().map(\.path) == ["/moved/moved/ok", "/moved/ok", "/ok"])
        #expect(response.status == 200)
        let bytes = try #require(response.bodyFile).read(limit: 1 << 20)
        #expect(String(decoding: bytes, as: UTF8.self) == #"{"ok": true}"#, "\(bytes.count) bytes")
        #expect(directory.entries == [])
    }

    /// A file that cannot be made or written ends the transfer with a clear error, not a crash.
    static func aWriteErrorIsReported(_ http: any HTTPTransport, _ server: HostileServer) throws {
        let directory = try DownloadDirectory()
        let full = try directory.makeUnwritable()
        let result = http.send(HTTPRequest(url: server.url("/endless"), limits: limits(maxBody: 1 << 20), bodyDestination: directory.destination))
        guard case .failure(let error) = result else { Issue.record("the body was kept"); return }
        #expect(error.kind == .cannotStore)
        if full {
            #expect(error.message == "cannot write a temporary file in \(directory.path): No space left on device")
            // The server was reached: the failure came while the body arrived.
            #expect(server.requests().count == 1)
        } else {
            #expect(error.message == "cannot create a temporary file in \(directory.path): Permission denied")
        }
        #expect(directory.entries == [])
    }
}

extension BlockingHTTPTests {
    @Test func aBodyForAFileArrivesInANamelessFile() throws {
        try FileDestinationChecks.theBodyArrivesInANamelessFile(http, try HostileServer())
    }

    @Test func aBodyForAFileEndsAtTheCap() throws {
        try FileDestinationChecks.theCapRefusesAtTheCap(http, try HostileServer())
    }

    @Test func aBodyForAFileStartsAfreshAfterARedirect() throws {
        try FileDestinationChecks.aRedirectStartsTheFileAfresh(http, try HostileServer())
    }

    @Test func aBodyForAFileThatCannotBeWrittenIsAClearError() throws {
        try FileDestinationChecks.aWriteErrorIsReported(http, try HostileServer())
    }
}

extension LoopHTTPTests {
    @Test func aBodyForAFileOnTheLoop() throws {
        try withLoop { http in
            try FileDestinationChecks.theBodyArrivesInANamelessFile(http, try HostileServer())
            try FileDestinationChecks.theCapRefusesAtTheCap(http, try HostileServer())
            try FileDestinationChecks.aRedirectStartsTheFileAfresh(http, try HostileServer())
            try FileDestinationChecks.aWriteErrorIsReported(http, try HostileServer())
        }
    }
}
