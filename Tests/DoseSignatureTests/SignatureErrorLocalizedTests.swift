import DoseCore
import DoseSignature
import DoseSystem
import DoseTestSupport
import Testing

/// A refused signature told in the user's language: key ids as minisign prints them, untouched; English under C.
@Suite struct SignatureErrorLocalizedTests {
    @Test func refusalsInGermanAndInEnglish() throws {
        let other = SignatureError.otherKey(signature: "ABCDEF0123456789", publicKey: "0123456789ABCDEF")
        let malformed = SignatureError.malformed(MinisignFormatError("signature", "expected 4 lines"))
        #expect(other.description == "the signature is by key ABCDEF0123456789, not by the trusted key 0123456789ABCDEF")
        #expect(malformed.description == "malformed minisign signature: expected 4 lines")
        #expect(SignatureError.contentMismatch.description
            == "the signature does not match the pack (the pack was changed, or signed by another key)")
        let german = try German.run { [other, malformed, .contentMismatch, .trustedCommentMismatch].map(\.description) }
        #expect(german == [
            "die Signatur ist vom Schlüssel ABCDEF0123456789, nicht vom vertrauenswürdigen Schlüssel 0123456789ABCDEF",
            "fehlerhafte minisign-Signatur: expected 4 lines",
            "die Signatur passt nicht zum Paket (das Paket wurde verändert oder mit einem anderen Schlüssel signiert)",
            "die Signatur des vertrauenswürdigen Kommentars ist ungültig (der Kommentar wurde verändert)",
        ])
        let key = MinisignFormatError("public key", "not canonical base64")
        #expect(key.localized == "malformed minisign public key: not canonical base64")
        #expect(try German.run { key.localized } == "fehlerhafter öffentlicher minisign-Schlüssel: not canonical base64")
    }
}
