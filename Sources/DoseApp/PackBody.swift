import DoseCore
import DoseSignature
import DoseSystem

/// A fetched pack's bytes: in memory (a file source, a body libcurl kept), or still in the nameless
/// temporary file it arrived into, read back only once it is wanted (after its signature is checked).
enum PackBody: Sendable {
    case bytes([UInt8])
    case file(TemporaryFile)

    /// The bytes, up to the pack limit; `origin` names the source in the error.
    func read(origin: String) throws(CommandError) -> [UInt8] {
        switch self {
        case .bytes(let bytes):
            return bytes
        case .file(let file):
            do {
                return try file.read(limit: PackLimits.maxPackBytes)
            } catch {
                throw CommandError(
                    tr("cannot fetch {source}: {error}; the cached pool stays in use", ["source": origin, "error": error]),
                    exitCode: .ioError)
            }
        }
    }

    /// The bytes as a signature verifier reads them (a file streamed, not held).
    var signedContent: MinisignVerifier.Content {
        switch self {
        case .bytes(let bytes): return .bytes(bytes)
        case .file(let file): return .file(file, limit: PackLimits.maxPackBytes)
        }
    }
}
