import DoseCore

extension MinisignFormatError {
    /// The refusal for people in their language.
    public var localized: String {
        switch subject {
        case .publicKey: tr("malformed minisign public key: {problem}", ["problem": reason.localized])
        case .signature: tr("malformed minisign signature: {problem}", ["problem": reason.localized])
        }
    }
}

extension MinisignFormatError.Problem {
    /// What is wrong, in the user's language (minisign's own words, "untrusted comment: ", stay as they are).
    public var localized: String {
        switch self {
        case .keyLines: tr("expected one base64 line, or an untrusted comment line and the base64 line")
        case .keyNotBase64: tr("not canonical base64")
        case .keyLength(let bytes): tr("{count} bytes where a key has 42", ["count": bytes])
        case .keyAlgorithm: tr("unsupported algorithm (not Ed25519, \"Ed\")")
        case .tooLarge(let limit): tr("larger than {limit} bytes", ["limit": limit])
        case .lineCount(let count): tr("{count} lines where a signature has 4", ["count": count])
        case .carriageReturn(let line): tr("a carriage return inside line {line}", ["line": line])
        case .noUntrustedComment: tr("line 1 does not start with \"untrusted comment: \"")
        case .signatureNotBase64: tr("line 2 is not the base64 of a 74-byte signature")
        case .signatureAlgorithm: tr("unsupported signature algorithm (neither \"Ed\" nor \"ED\")")
        case .noTrustedComment: tr("line 3 does not start with \"trusted comment: \"")
        case .commentNotUTF8: tr("the trusted comment is not valid UTF-8")
        case .commentControl(let character): tr("the trusted comment holds a control character ({character})", ["character": character])
        case .globalSignatureNotBase64: tr("line 4 is not the base64 of a 64-byte signature")
        }
    }
}
