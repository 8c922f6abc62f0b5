// The one place where Daily Dose touches libsodium: every crypto_* and sodium_* call lives in this
// file and every result code goes through `check`. The rest of the module speaks `Sodium` only.
import CSodium
import DoseSystem

/// libsodium, opened on the first signature checked (see CSodium's shim.h: linked, its symbols would be
/// bound at every command's start-up) and initialised there, once: a Swift global is initialised exactly
/// once, under a lock. The table is never freed, and after that only ever read, from any thread.
nonisolated(unsafe) private let library: Result<UnsafePointer<dd_sodium_api>, SodiumError> = {
    let table = UnsafeMutablePointer<dd_sodium_api>.allocate(capacity: 1)
    table.initialize(to: dd_sodium_api())
    if let problem = dd_sodium_api_load(table) {
        return .failure(SodiumError(loading: String(cString: problem)))
    }
    // 0 the first time, 1 when already done (by another user of the library in this process), -1 failed.
    let initialized = table.pointee.library_init()
    guard initialized == 0 || initialized == 1 else {
        return .failure(SodiumError(operation: "initialising libsodium", code: initialized))
    }
    return .success(UnsafePointer(table))
}()

/// libsodium's answers for minisign: Ed25519 detached verification and BLAKE2b-512.
enum Sodium {
    /// The size of an Ed25519 signature and public key, and of minisign's prehash.
    static let signatureBytes = Int(crypto_sign_BYTES)
    static let publicKeyBytes = Int(crypto_sign_PUBLICKEYBYTES)
    static let hashBytes = Int(crypto_generichash_BYTES_MAX)

    /// The loaded, initialised library (it picks its implementations and seeds its generator), or why not.
    static func ready() throws(SodiumError) -> dd_sodium_api {
        try library.get().pointee
    }

    /// True when `signature` is `publicKey`'s Ed25519 signature of `message`.
    static func verifyDetached(signature: [UInt8], message: UnsafeRawBufferPointer, publicKey: [UInt8]) throws(SodiumError) -> Bool {
        let sodium = try ready()
        guard signature.count == signatureBytes, publicKey.count == publicKeyBytes else {
            throw SodiumError(operation: "verifying a signature", code: -1)
        }
        let base = message.baseAddress?.assumingMemoryBound(to: UInt8.self)
        // Any non-zero answer is "does not verify": libsodium has no other failure here.
        return sodium.sign_verify_detached(signature, base, UInt64(message.count), publicKey) == 0
    }

    /// The streaming BLAKE2b-512 of minisign's "ED" signatures (no key).
    ///
    /// Swift cannot import `crypto_generichash_state` (it is 64-byte aligned), so the state is
    /// `crypto_generichash_statebytes()` of memory aligned to 64, handed to libsodium as an opaque pointer.
    final class Hash {
        private let sodium: dd_sodium_api
        private let state: UnsafeMutableRawPointer

        init() throws(SodiumError) {
            sodium = try Sodium.ready()
            state = .allocate(byteCount: sodium.generichash_statebytes(), alignment: 64)
            do {
                try check(sodium.generichash_init(OpaquePointer(state), nil, 0, hashBytes), "starting a BLAKE2b hash")
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
            try check(sodium.generichash_update(OpaquePointer(state), base, UInt64(bytes.count)), "hashing")
        }

        /// The 64-byte digest (the hash is spent afterwards).
        func finish() throws(SodiumError) -> [UInt8] {
            var out = [UInt8](repeating: 0, count: hashBytes)
            let code = out.withUnsafeMutableBufferPointer { sodium.generichash_final(OpaquePointer(state), $0.baseAddress!, hashBytes) }
            try check(code, "finishing a BLAKE2b hash")
            return out
        }
    }
}

/// Turns a libsodium result code into a `SodiumError`, or returns for 0.
private func check(_ code: Int32, _ operation: @autoclosure () -> String) throws(SodiumError) {
    guard code == 0 else { throw SodiumError(operation: operation(), code: code) }
}

/// libsodium is missing or refused a call: only a broken installation or a misuse, never a bad signature.
struct SodiumError: Error, CustomStringConvertible {
    let description: String

    init(operation: String, code: Int32) {
        description = "libsodium failed \(operation) (code \(code))"
    }

    init(loading reason: String) {
        description = tr("cannot load libsodium (libsodium.so.23): {reason}; install the libsodium23 package", ["reason": reason])
    }
}
