import DoseCore
import DoseSignature
import DoseSystem

/// A pack's minisign signature for the commands: where it is, reading it, checking it, saying so.
///
/// Every refusal is bad data (65) and comes before anything is changed; only a failure to read the
/// pack at all is an I/O error (74).
enum PackSignature {
    /// A public key given as `--pubkey KEY`: the base64 key (the second line of a minisign `.pub` file).
    static func publicKey(option text: String) throws(CommandError) -> MinisignPublicKey {
        do { return try MinisignPublicKey(parsing: text) } catch {
            throw .usage("\(OptionSpec.pubkey.name): \(error.localized)")
        }
    }

    /// Where a pack's signature is: the pack's path or URL with `.minisig` added to its path
    /// (before a URL's query or fragment, so `…/pack.json?v=2` is signed by `…/pack.json.minisig?v=2`).
    static func location(of pack: String) -> String {
        guard pack.hasPrefix("http://") || pack.hasPrefix("https://"),
            let cut = pack.utf8.firstIndex(where: { $0 == UInt8(ascii: "?") || $0 == UInt8(ascii: "#") })
        else { return pack + ".minisig" }
        return String(pack[..<cut]) + ".minisig" + String(pack[cut...])
    }

    /// Parses a signature's bytes; `origin` names where they came from.
    static func parse(_ bytes: [UInt8], origin: String) throws(CommandError) -> MinisignSignature {
        do { return try MinisignSignature(parsing: bytes) } catch {
            throw CommandError(tr("{origin}: {error}; nothing was changed", ["origin": origin, "error": error]), exitCode: .dataError)
        }
    }

    /// Reads and parses the signature next to the local pack at `path` (`PATH.minisig`): its bytes and what they say.
    static func local(forPack path: String) throws(CommandError) -> (bytes: [UInt8], signature: MinisignSignature) {
        let signaturePath = location(of: path)
        let bytes: [UInt8]
        do {
            bytes = try FileSystem.read(signaturePath, limit: MinisignSignature.maxBytes)
        } catch {
            if error.isMissing {
                throw CommandError(
                    tr("{path}: no signature file {signature}: a pack checked with {option} must be signed; nothing was changed",
                       ["path": path, "signature": signaturePath, "option": OptionSpec.pubkey.name]),
                    exitCode: .dataError)
            }
            let tooLarge = error.reason == .tooLarge(limit: MinisignSignature.maxBytes)
            throw CommandError("\(error)", exitCode: tooLarge ? .dataError : .ioError)
        }
        return (bytes, try parse(bytes, origin: signaturePath))
    }

    /// Returns when `signature` is `key`'s valid signature of `content`; `origin` names the pack.
    static func verify(
        _ signature: MinisignSignature, of content: MinisignVerifier.Content, by key: MinisignPublicKey, origin: String
    ) throws(CommandError) {
        do {
            try MinisignVerifier.verify(signature, of: content, by: key)
        } catch {
            throw CommandError(
                tr("{origin}: bad signature: {error}; nothing was changed", ["origin": origin, "error": error]),
                exitCode: error.isVerdict ? .dataError : .ioError)
        }
    }

    /// Checks the local pack `bytes` read from `path` against `PATH.minisig`; returns the line to print.
    static func verifyLocal(_ bytes: [UInt8], at path: String, by key: MinisignPublicKey) throws(CommandError) -> String {
        let signature = try local(forPack: path).signature
        try verify(signature, of: .bytes(bytes), by: key, origin: path)
        return verifiedLine(signature, by: key)
    }

    /// What a command prints after a good signature: the key and the trusted comment, made safe for a terminal.
    static func verifiedLine(_ signature: MinisignSignature, by key: MinisignPublicKey) -> String {
        tr("Signature by key {key} verified; trusted comment: {comment}",
           ["key": key.keyIDText, "comment": signature.printableTrustedComment])
    }
}
