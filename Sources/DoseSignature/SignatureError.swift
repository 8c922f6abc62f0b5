import DoseCore
import DoseSystem

/// Why a signed pack was refused (or could not be checked), each naming what failed, in the user's language.
public enum SignatureError: Error, CustomStringConvertible, Sendable {
    /// The signature file is not minisign's format.
    case malformed(MinisignFormatError)
    /// The signature was made by another key (ids as minisign prints them).
    case otherKey(signature: String, publicKey: String)
    /// The content's signature does not verify: the pack was changed, or another key with the same id signed it.
    case contentMismatch
    /// The global signature does not verify: the trusted comment was changed.
    case trustedCommentMismatch
    /// The pack could not be read back to be checked.
    case cannotRead(FileError)
    /// libsodium itself failed (not a verdict on the signature).
    case library(String)

    public var description: String {
        switch self {
        case .malformed(let error):
            return error.localized
        case .otherKey(let signature, let publicKey):
            return tr("the signature is by key {signature}, not by the trusted key {key}", ["signature": signature, "key": publicKey])
        case .contentMismatch:
            return tr("the signature does not match the pack (the pack was changed, or signed by another key)")
        case .trustedCommentMismatch:
            return tr("the trusted comment's signature does not verify (the comment was changed)")
        case .cannotRead(let error):
            return tr("cannot read the pack to check its signature: {reason}", ["reason": error])
        case .library(let message):
            return message
        }
    }

    /// True for a verdict on the data (a refused pack), false for a failure to check at all.
    public var isVerdict: Bool {
        switch self {
        case .malformed, .otherKey, .contentMismatch, .trustedCommentMismatch: return true
        case .cannotRead, .library: return false
        }
    }
}
