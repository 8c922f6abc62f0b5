import DoseCore
import DoseTestSupport
import Foundation
import Testing

/// The minisign text formats, read strictly (no libsodium involved).
@Suite(.timeLimit(.minutes(5)), .watched) struct MinisignFormatTests {
    static let referenceKey = "RWQf6LRCGA9i53mlYecO4IzT51TGPpvWucNSCh1CBM0QTaLn73Y7GFO3"

    @Test func theReferenceKeyHasMinisignsKeyID() throws {
        let key = try MinisignPublicKey(parsing: Self.referenceKey)
        #expect(key.keyIDText == "E7620F1842B4E81F")
        #expect(key.key.count == 32)
        #expect(key.base64 == Self.referenceKey)
        // A .pub file's two lines, and surrounding blanks, give the same key.
        let file = "untrusted comment: minisign public key E7620F1842B4E81F\r\n\(Self.referenceKey)\r\n"
        #expect(try MinisignPublicKey(parsing: file) == key)
        #expect(try MinisignPublicKey(parsing: "  \(Self.referenceKey)\t") == key)
    }

    @Test(arguments: [
        "", "RWQf6LRCGA9i53mlYecO4IzT51TGPpvWucNSCh1CBM0QTaLn73Y7GFO", "RWQf6LRCGA9i53mlYecO4IzT51TGPpvWucNSCh1CBM0QTaLn73Y7GFO3=",
        "RWQf6LRCGA9i 53mlYecO4IzT51TGPpvWucNSCh1CBM0QTaLn73Y7GFO3", Base64.encode(Array("EX".utf8) + Array(repeating: 1, count: 40)),
        Base64.encode(Array("Ed".utf8) + Array(repeating: 1, count: 41)), "line one\nline two",
    ]) func notAKeyIsRefused(text: String) {
        #expect(throws: MinisignFormatError.self) { try MinisignPublicKey(parsing: text) }
    }

    @Test func base64IsCanonicalOnly() {
        for count in 0..<12 {
            let bytes = (0..<count).map { UInt8(truncatingIfNeeded: $0 * 37 + 11) }
            #expect(Base64.decode(Base64.encode(bytes)) == bytes)
        }
        #expect(Base64.decode("TWE=") == Array("Ma".utf8))
        #expect(Base64.decode("TWF=") == nil, "bits after the last byte")
        #expect(Base64.decode("TW==") == nil)
        #expect(Base64.decode("TQ==") == Array("M".utf8))
        #expect(Base64.decode("T===") == nil)
        #expect(Base64.decode("TQ=A") == nil)
        #expect(Base64.decode("TQ") == nil)
        #expect(Base64.decode("TQ==TQ==") == nil, "padding in the middle")
        #expect(Base64.decode("TW-_") == nil, "URL alphabet")
    }

    static let sigLine = Base64.encode(Array("ED".utf8) + Array(repeating: 7, count: 72))
    static let globalLine = Base64.encode(Array(repeating: 9, count: 64))

    func signature(_ lines: [String], ending: String = "\n") -> [UInt8] {
        Array((lines.joined(separator: "\n") + ending).utf8)
    }

    @Test func aWellFormedSignatureParses() throws {
        let text = signature(["untrusted comment: x", Self.sigLine, "trusted comment: timestamp:1\tfile:p.json\thashed", Self.globalLine])
        let parsed = try MinisignSignature(parsing: text)
        #expect(parsed.algorithm == .prehashed)
        #expect(parsed.keyID == Array(repeating: 7, count: 8))
        #expect(parsed.trustedCommentBytes == Array("timestamp:1\tfile:p.json\thashed".utf8))
        #expect(parsed.globalMessage.count == 64 + parsed.trustedCommentBytes.count)
        // CRLF line ends and no final newline read the same.
        let crlf = Array(String(decoding: text, as: UTF8.self).replacingOccurrences(of: "\n", with: "\r\n").utf8)
        #expect(try MinisignSignature(parsing: crlf) == parsed)
        #expect(try MinisignSignature(parsing: Array(text.dropLast())) == parsed)
    }

    @Test func malformedSignaturesAreRefusedNamingTheProblem() {
        let good = ["untrusted comment: x", Self.sigLine, "trusted comment: ok", Self.globalLine]
        let cases: [([UInt8], String)] = [
            (signature(Array(good.prefix(3))), "3 lines"),
            (signature(good + ["extra"]), "5 lines"),
            (signature(good, ending: "\n\n"), "5 lines"),
            (signature(["untrusted comment: a\rb"] + good.dropFirst()), "carriage return inside line 1"),
            (signature(["comment: x"] + good.dropFirst()), "line 1"),
            (signature([good[0], Self.sigLine + "=", good[2], good[3]]), "line 2"),
            (signature([good[0], Base64.encode(Array("Ex".utf8) + Array(repeating: 7, count: 72)), good[2], good[3]]), "algorithm"),
            (signature([good[0], good[1], "trusted: ok", good[3]]), "line 3"),
            (signature([good[0], good[1], "trusted comment: \u{1B}]0;owned\u{07}", good[3]]), "control character (U+1B)"),
            (signature([good[0], good[1], "trusted comment: \u{85}", good[3]]), "control character (U+85)"),
            (Array("untrusted comment: x\n\(Self.sigLine)\ntrusted comment: ".utf8) + [0xFF, 0xFE] + Array("\n\(Self.globalLine)\n".utf8), "UTF-8"),
            (signature([good[0], good[1], good[2], Base64.encode(Array(repeating: 9, count: 63))]), "line 4"),
            (Array(repeating: UInt8(ascii: "a"), count: MinisignSignature.maxBytes + 1), "larger"),
        ]
        for (bytes, problem) in cases {
            do {
                _ = try MinisignSignature(parsing: bytes)
                Issue.record("accepted, expected \(problem)")
            } catch {
                #expect(error.description.contains(problem), "\(error) should name \(problem)")
            }
        }
    }
}
