// The one place where Daily Dose touches libsodium: every crypto_* and sodium_* call lives in this
// file and every result code goes through `check`. The rest of the module speaks `Sodium` only.
import CSodium

/// libsodium's answers for minisign: Ed25519 detached verification and BLAKE2b-512.
enum Sodium {
    /// The size of an Ed25519 signature and public key, and of minisign's prehash.
    static let signatureBytes = Int(crypto_sign_BYTES)
    static let publicKeyBytes = Int(crypto_sign_PUBLICKEYBYTES)
    static let hashBytes = Int(crypto_generichash_BYTES_MAX)

    /// `sodium_init`, run once (a global's initializer runs once, thread-safely): 0 first time, 1 after, -1 failed.
    private static let initialized: Int32 = sodium_init()

    /// Makes sure libsodium is ready (it picks its implementations and seeds its generator).
    static func ready() throws(SodiumError) {
        try check(initialized, "initialising libsodium", accepting: [0, 1])
    }

    /// True when `signature` is `publicKey`'s Ed25519 signature of `message`.
    static func verifyDetached(signature: [UInt8], message: UnsafeRawBufferPointer, publicKey: [UInt8]) throws(SodiumError) -> Bool {
        try ready()
        guard signature.count == signatureBytes, publicKey.count == publicKeyBytes else {
            throw SodiumError(operation: "verifying a signature", code: -1)
        }
        let base = message.baseAddress?.assumingMemoryBound(to: UInt8.self)
        // Any non-zero answer is "does not verify": libsodium has no other failure here.
        return crypto_sign_verify_detached(signature, base, UInt64(message.count), publicKey) == 0
    }

    /// The streaming BLAKE2b-512 of minisign's "ED" signatures (no key).
    ///
    /// Swift cannot import `crypto_generichash_state` (it is 64-byte aligned), so the state is
    /// `crypto_generichash_statebytes()` of memory aligned to 64, handed to libsodium as an opaque pointer.
    final class Hash {
        private let state: UnsafeMutableRawPointer

        init() throws(SodiumError) {
            try Sodium.ready()
            state = .allocate(byteCount: crypto_generichash_statebytes(), alignment: 64)
            do {
                try check(crypto_generichash_init(OpaquePointer(state), nil, 0, hashBytes), "starting a BLAKE2b hash")
            } catch {
                state.deallocate()
                throw error
            }
        }

        deinit {
            state.deallocate()
        }

        /// Adds `bytes` to the hash.
        func update(_ bytes: UnsafeRawBufferPointer) throws(SodiumError) {
            let base = bytes.baseAddress?.assumingMemoryBound(to: UInt8.self)
            try check(crypto_generichash_update(OpaquePointer(state), base, UInt64(bytes.count)), "hashing")
        }

        /// The 64-byte digest (the hash is spent afterwards).
        func finish() throws(SodiumError) -> [UInt8] {
            var out = [UInt8](repeating: 0, count: hashBytes)
            let code = out.withUnsafeMutableBufferPointer { crypto_generichash_final(OpaquePointer(state), $0.baseAddress!, hashBytes) }
            try check(code, "finishing a BLAKE2b hash")
            return out
        }
    }
}

/// Turns a libsodium result code into a `SodiumError`, or returns for an accepted code (0 by default).
private func check(_ code: Int32, _ operation: @autoclosure () -> String, accepting accepted: Set<Int32> = [0]) throws(SodiumError) {
    guard accepted.contains(code) else { throw SodiumError(operation: operation(), code: code) }
}

/// libsodium refused a call: only a broken installation or a misuse, never a bad signature.
struct SodiumError: Error, CustomStringConvertible {
    var operation: String
    var code: Int32

    var description: String { "libsodium failed \(operation) (code \(code))" }
}
