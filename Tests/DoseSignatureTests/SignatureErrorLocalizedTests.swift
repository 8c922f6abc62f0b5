import DoseCore
import DoseSignature
import DoseSystem
import DoseTestSupport
import Testing

/// A refused signature told in the user's language: key ids as minisign prints them, untouched; English under C.
@Suite(.timeLimit(.minutes(5)), .watched) struct SignatureErrorLocalizedTests {
    @Test func refusalsInGermanAndInEnglish() throws {
        let other = SignatureError.otherKey(signature: "ABCDEF0123456789", publicKey: "0123456789ABCDEF")
        let malformed = SignatureError.malformed(MinisignFormatError(.signature, .lineCount(3)))
        #expect(other.description == "the signature is by key ABCDEF0123456789, not by the trusted key 0123456789ABCDEF")
        #expect(malformed.description == "malformed minisign signature: 3 lines where a signature has 4")
        #expect(SignatureError.contentMismatch.description
            == "the signature does not match the pack (the pack was changed, or signed by another key)")
        let german = try German.run { [other, malformed, .contentMismatch, .trustedCommentMismatch].map(\.description) }
        #expect(german == [
            "die Signatur ist vom Schlüssel ABCDEF0123456789, nicht vom vertrauenswürdigen Schlüssel 0123456789ABCDEF",
            "fehlerhafte minisign-Signatur: 3 Zeilen, wo eine Signatur 4 hat",
            "die Signatur passt nicht zum Paket (das Paket wurde verändert oder mit einem anderen Schlüssel signiert)",
            "die Signatur des vertrauenswürdigen Kommentars ist ungültig (der Kommentar wurde verändert)",
        ])
        let key = MinisignFormatError(.publicKey, .keyNotBase64)
        #expect(key.localized == "malformed minisign public key: not canonical base64")
        #expect(try German.run { key.localized } == "fehlerhafter öffentlicher minisign-Schlüssel: kein kanonisches Base64")
        // Every refusal: DoseCore's English under C, translated in German.
        let problems: [MinisignFormatError.Problem] = [
            .keyLines, .keyNotBase64, .keyLength(bytes: 41), .keyAlgorithm, .tooLarge(limit: 8), .lineCount(3), .carriageReturn(line: 2),
            .noUntrustedComment, .signatureNotBase64, .signatureAlgorithm, .noTrustedComment, .commentNotUTF8,
            .commentControl("U+1B"), .globalSignatureNotBase64,
        ]
        #expect(problems.map(\.localized) == problems.map(\.description))
        let translated = try German.run { problems.map(\.localized) }
        for (english, german) in zip(problems.map(\.description), translated) { #expect(english != german) }
    }
}
