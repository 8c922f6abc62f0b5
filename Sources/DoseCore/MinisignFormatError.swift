/// Why a minisign public key or signature file was refused before any cryptography: its text is not the format.
///
/// A typed value (DoseCore has no gettext): `description` is the English, DoseSystem's `localized` the user's
/// language.
public struct MinisignFormatError: Error, Equatable, Sendable, CustomStringConvertible {
    /// What was being read.
    public enum Subject: Sendable, Equatable {
        case publicKey, signature
    }

    /// What is wrong with it.
    public enum Problem: Sendable, Equatable, CustomStringConvertible {
        case keyLines
        case keyNotBase64
        case keyLength(bytes: Int)
        case keyAlgorithm
        case tooLarge(limit: Int)
        case lineCount(Int)
        case carriageReturn(line: Int)
        case noUntrustedComment
        case signatureNotBase64
        case signatureAlgorithm
        case noTrustedComment
        case commentNotUTF8
        /// The character as `U+XXXX`.
        case commentControl(String)
        case globalSignatureNotBase64

        public var description: String {
            switch self {
            case .keyLines: return "expected one base64 line, or an untrusted comment line and the base64 line"
            case .keyNotBase64: return "not canonical base64"
            case .keyLength(let bytes): return "\(bytes) bytes where a key has 42"
            case .keyAlgorithm: return "unsupported algorithm (not Ed25519, \"Ed\")"
            case .tooLarge(let limit): return "larger than \(limit) bytes"
            case .lineCount(let count): return "\(count) lines where a signature has 4"
            case .carriageReturn(let line): return "a carriage return inside line \(line)"
            case .noUntrustedComment: return "line 1 does not start with \"untrusted comment: \""
            case .signatureNotBase64: return "line 2 is not the base64 of a 74-byte signature"
            case .signatureAlgorithm: return "unsupported signature algorithm (neither \"Ed\" nor \"ED\")"
            case .noTrustedComment: return "line 3 does not start with \"trusted comment: \""
            case .commentNotUTF8: return "the trusted comment is not valid UTF-8"
            case .commentControl(let character): return "the trusted comment holds a control character (\(character))"
            case .globalSignatureNotBase64: return "line 4 is not the base64 of a 64-byte signature"
            }
        }
    }

    public var subject: Subject
    public var reason: Problem

    public init(_ subject: Subject, _ reason: Problem) {
        self.subject = subject
        self.reason = reason
    }

    /// What is wrong, in English.
    public var problem: String { reason.description }

    public var description: String {
        "malformed minisign \(subject == .publicKey ? "public key" : "signature"): \(problem)"
    }
}
