import DoseCore
import DoseSystem
import DoseTestSupport
import Foundation
import Testing

@testable import DoseSignature

/// Real minisign signatures checked with libsodium: every way one can be wrong is refused, by name.
@Suite(.timeLimit(.minutes(5)), .watched) struct MinisignVerifierTests {
    static let pack = Array(#"{"format":"daily-dose-pack/1","items":[]}"#.utf8) + Array(repeating: UInt8(ascii: " "), count: 200_000)

    /// A fresh tool with key "a", the pack written and signed by it.
    func signed(legacy: Bool, comment: String? = nil) throws -> (tool: MinisignTool, key: MinisignPublicKey, signature: MinisignSignature) {
        let tool = try MinisignTool()
        let key = try MinisignPublicKey(parsing: try tool.makeKey("a"))
        let file = try tool.write("pack.json", Self.pack)
        let signature = try MinisignSignature(parsing: try tool.sign(file, key: "a", legacy: legacy, comment: comment))
        return (tool, key, signature)
    }

    @Test(arguments: [false, true]) func goodSignatureVerifiesFromMemoryAndFromATemporaryFile(legacy: Bool) throws {
        let (tool, key, signature) = try signed(legacy: legacy)
        defer { tool.remove() }
        #expect(signature.algorithm == (legacy ? .legacy : .prehashed))
        try MinisignVerifier.verify(signature, of: .bytes(Self.pack), by: key)
        let file = try TemporaryFile(in: tool.directory.path)
        try Self.pack.withUnsafeBytes { try file.append($0) }
        try MinisignVerifier.verify(signature, of: .file(file, limit: PackLimits.maxPackBytes), by: key)
    }

    @Test(arguments: [false, true]) func oneFlippedByteIsRefused(legacy: Bool) throws {
        let (tool, key, signature) = try signed(legacy: legacy)
        defer { tool.remove() }
        for position in [0, Self.pack.count / 2, Self.pack.count - 1] {
            var tampered = Self.pack
            tampered[position] ^= 0x01
            #expect(throws: SignatureError.self) { try MinisignVerifier.verify(signature, of: .bytes(tampered), by: key) }
            do {
                try MinisignVerifier.verify(signature, of: .bytes(tampered), by: key)
            } catch {
                guard case .contentMismatch = error else { Issue.record("\(error)"); continue }
            }
            let file = try TemporaryFile(in: tool.directory.path)
            try tampered.withUnsafeBytes { try file.append($0) }
            #expect(throws: SignatureError.self) {
                try MinisignVerifier.verify(signature, of: .file(file, limit: PackLimits.maxPackBytes), by: key)
            }
        }
        // A byte added at the end counts too.
        #expect(throws: SignatureError.self) { try MinisignVerifier.verify(signature, of: .bytes(Self.pack + [10]), by: key) }
    }

    @Test func anotherKeyIDIsRefusedNamingBothIDs() throws {
        let (tool, _, signature) = try signed(legacy: false)
        defer { tool.remove() }
        let other = try MinisignPublicKey(parsing: try tool.makeKey("b"))
        do {
            try MinisignVerifier.verify(signature, of: .bytes(Self.pack), by: other)
            Issue.record("verified with another key")
        } catch {
            guard case .otherKey(let signatureID, let publicID) = error else { Issue.record("\(error)"); return }
            #expect(signatureID == MinisignPublicKey.keyIDText(signature.keyID))
            #expect(publicID == other.keyIDText)
        }
    }

    @Test func theRightKeyIDOnAnotherKeyIsRefused() throws {
        let (tool, key, signature) = try signed(legacy: false)
        defer { tool.remove() }
        let other = try MinisignPublicKey(parsing: try tool.makeKey("b"))
        // Key b's Ed25519 key under key a's id: the ids match, the signature must still fail.
        let forged = try MinisignPublicKey(parsing: Base64.encode(Array("Ed".utf8) + key.keyID + other.key))
        do {
            try MinisignVerifier.verify(signature, of: .bytes(Self.pack), by: forged)
            Issue.record("verified with a key that only shares the id")
        } catch {
            guard case .contentMismatch = error else { Issue.record("\(error)"); return }
        }
    }

    @Test func aChangedTrustedCommentIsRefused() throws {
        let (tool, key, _) = try signed(legacy: false, comment: "class EE-101, week 3")
        defer { tool.remove() }
        let text = try String(contentsOfFile: tool.path("pack.json.minisig"), encoding: .utf8)
        let changed = text.replacingOccurrences(of: "week 3", with: "week 4")
        #expect(changed != text)
        let signature = try MinisignSignature(parsing: Array(changed.utf8))
        do {
            try MinisignVerifier.verify(signature, of: .bytes(Self.pack), by: key)
            Issue.record("verified with a changed trusted comment")
        } catch {
            guard case .trustedCommentMismatch = error else { Issue.record("\(error)"); return }
        }
    }

    @Test func theTrustedCommentIsReadAndMadePrintable() throws {
        let (tool, _, signature) = try signed(legacy: true, comment: "EE-101\tweek 3 \u{202E}gpj.exe")
        defer { tool.remove() }
        #expect(signature.printableTrustedComment == "EE-101 week 3 \\u{202E}gpj.exe")
        let (plain, _, defaulted) = try signed(legacy: false)
        defer { plain.remove() }
        // minisign's default comment: "timestamp:N\tfile:NAME\thashed".
        #expect(defaulted.printableTrustedComment.hasSuffix(" file:pack.json hashed"))
    }

    @Test func blake2b512MatchesTheReferenceVector() throws {
        let digest = try MinisignVerifier.blake2b512(Array("abc".utf8))
        let hex = digest.map { String(format: "%02x", $0) }.joined()
        #expect(hex == "ba80a53f981c4d0d6a2797b69f12f6e94c212f14685ac4b74b12bb6fdbffa2d17d87c5392aab792dc252d5de4533cc9518d38aa8dbf1925ab92386edd4009923")
    }
}
