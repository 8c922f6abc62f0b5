import Foundation

/// `tests/support/hostile_http.py` on 127.0.0.1 and 127.0.0.2 (same port), and its request log.
public final class HostileServer {
    public let directory: URL
    public let port: Int
    private let server: ChildProcess

    public struct Request {
        public var server: String
        public var path: String
        public var method: String
        public var auth: Bool
        public var length: Int
    }

    public init(pack: String? = nil) throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("dose-http-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("tests/support/hostile_http.py")
        let portFile = directory.appendingPathComponent("port").path
        // The first start ever also makes the gzip bomb (a few seconds; more on a busy machine).
        (server, port) = try ChildProcess.startServer(
            "/usr/bin/python3",
            [script.path, "--port-file", portFile, "--log", directory.appendingPathComponent("log").path] + (pack.map { ["--pack", $0] } ?? []),
            environment: ChildProcess.basicEnvironment, portFile: portFile, timeout: .seconds(120))
    }

    deinit {
        server.terminate()
        try? FileManager.default.removeItem(at: directory)
    }

    /// A URL on the first origin (127.0.0.1), or on the other one (127.0.0.2).
    public func url(_ path: String, other: Bool = false) -> String {
        "http://\(other ? "127.0.0.2" : "127.0.0.1"):\(port)\(path)"
    }

    /// Waits (up to `timeout` seconds) until at least `count` requests have arrived; false if they did not.
    public func waitForRequests(_ count: Int = 1, timeout: Double = 10) -> Bool {
        let end = Date().addingTimeInterval(timeout)
        while Date() < end {
            if requests().count >= count { return true }
            usleep(20_000)
        }
        return false
    }

    /// Every request that arrived, in order.
    public func requests() -> [Request] {
        guard let text = try? String(contentsOf: directory.appendingPathComponent("log"), encoding: .utf8) else { return [] }
        return text.split(separator: "\n").compactMap { line in
            guard let object = try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any] else { return nil }
            return Request(
                server: object["server"] as? String ?? "", path: object["path"] as? String ?? "",
                method: object["method"] as? String ?? "", auth: object["auth"] as? Bool ?? false,
                length: object["length"] as? Int ?? -1)
        }
    }
}
