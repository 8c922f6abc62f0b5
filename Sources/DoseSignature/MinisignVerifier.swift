import DoseCore
import DoseSystem

/// Checks a minisign signature as `minisign -V` does: key ids equal, then the content's signature,
/// then the global signature over the signature and the trusted comment. Every step must pass.
public enum MinisignVerifier {
    /// Where the signed bytes are: in memory, or in a (nameless) file read in pieces.
    public enum Content {
        case bytes([UInt8])
        /// A file no larger than `limit` bytes; a prehashed signature streams it through the hash.
        case file(TemporaryFile, limit: Int)
    }

    /// Returns when `signature` is `key`'s valid signature of `content`; throws what failed otherwise.
    public static func verify(_ signature: MinisignSignature, of content: Content, by key: MinisignPublicKey) throws(SignatureError) {
        guard signature.keyID == key.keyID else {
            throw .otherKey(signature: MinisignPublicKey.keyIDText(signature.keyID), publicKey: key.keyIDText)
        }
        let message: [UInt8]
        switch (signature.algorithm, content) {
        case (.prehashed, _): message = try hash(content)
        case (.legacy, .bytes(let bytes)): message = bytes
        case (.legacy, .file(let file, let limit)):
            do { message = try file.read(limit: limit) } catch { throw .cannotRead(error) }
        }
        guard try verified(signature.signature, of: message, by: key) else { throw .contentMismatch }
        guard try verified(signature.globalSignature, of: signature.globalMessage, by: key) else { throw .trustedCommentMismatch }
    }

    /// BLAKE2b-512 of `bytes`, as minisign's "ED" signatures sign a file.
    public static func blake2b512(_ bytes: [UInt8]) throws(SignatureError) -> [UInt8] {
        try hash(.bytes(bytes))
    }

    private static func verified(_ signature: [UInt8], of message: [UInt8], by key: MinisignPublicKey) throws(SignatureError) -> Bool {
        let answer = message.withUnsafeBytes { buffer in
            Result { () throws(SodiumError) in try Sodium.verifyDetached(signature: signature, message: buffer, publicKey: key.key) }
        }
        switch answer {
        case .success(let verified): return verified
        case .failure(let error): throw .library(error.description)
        }
    }

    private static func hash(_ content: Content) throws(SignatureError) -> [UInt8] {
        let hash: Sodium.Hash
        do { hash = try Sodium.Hash() } catch { throw .library(error.description) }
        var failure: SodiumError?
        func add(_ buffer: UnsafeRawBufferPointer) {
            guard failure == nil else { return }
            if case .failure(let error) = Result(catching: { () throws(SodiumError) in try hash.update(buffer) }) { failure = error }
        }
        switch content {
        case .bytes(let bytes):
            bytes.withUnsafeBytes { add($0) }
        case .file(let file, let limit):
            do throws(FileError) { try file.forEachChunk(limit: limit) { add($0) } } catch { throw .cannotRead(error) }
        }
        if let failure { throw .library(failure.description) }
        do { return try hash.finish() } catch { throw .library(error.description) }
    }
}
