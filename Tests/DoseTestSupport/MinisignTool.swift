import Foundation

/// Debian's `minisign`, run for real in a private directory: keys made here (no password), files signed here.
public struct MinisignTool {
    public let directory: URL

    public init() throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("dose-minisign-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    }

    public func remove() { try? FileManager.default.removeItem(at: directory) }

    /// Makes a key pair named `name`; returns the public key's base64 line.
    @discardableResult
    public func makeKey(_ name: String) throws -> String {
        try run(["-G", "-W", "-p", path("\(name).pub"), "-s", path("\(name).key")])
        let lines = try String(contentsOfFile: path("\(name).pub"), encoding: .utf8).split(separator: "\n")
        return String(lines[1])
    }

    /// Signs `file` with key `name` (prehashed "ED" by default, legacy "Ed" with `legacy`); returns the signature's bytes.
    @discardableResult
    public func sign(_ file: String, key name: String, legacy: Bool = false, comment: String? = nil, output: String? = nil) throws -> [UInt8] {
        let signature = output ?? file + ".minisig"
        var arguments = ["-S", "-s", path("\(name).key"), "-m", file, "-x", signature]
        if legacy { arguments.append("-l") }
        if let comment { arguments += ["-t", comment] }
        try run(arguments)
        return Array(try Data(contentsOf: URL(fileURLWithPath: signature)))
    }

    /// Writes `bytes` to a file of this directory; returns its path.
    public func write(_ name: String, _ bytes: [UInt8]) throws -> String {
        let file = path(name)
        try Data(bytes).write(to: URL(fileURLWithPath: file))
        return file
    }

    public func path(_ name: String) -> String { directory.appendingPathComponent(name).path }

    private func run(_ arguments: [String]) throws {
        let result = try ChildProcess.run("/usr/bin/minisign", arguments, environment: ChildProcess.basicEnvironment, stdout: .discard)
        guard result.exitCode == 0 else {
            throw NSError(domain: "minisign", code: Int(result.status), userInfo: [NSLocalizedDescriptionKey: result.description])
        }
    }
}
