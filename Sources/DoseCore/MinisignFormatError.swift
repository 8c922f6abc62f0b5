/// Why a minisign public key or signature file was refused before any cryptography: its text is not the format.
public struct MinisignFormatError: Error, Equatable, Sendable, CustomStringConvertible {
    /// What was being read: "public key" or "signature".
    public var subject: String
    /// What is wrong with it, in words.
    public var problem: String

    public init(_ subject: String, _ problem: String) {
        self.subject = subject
        self.problem = problem
    }

    public var description: String { "malformed minisign \(subject): \(problem)" }
}
