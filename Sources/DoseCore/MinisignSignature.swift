/// A parsed `.minisig` file: what to check, not yet checked (DoseSignature verifies it with libsodium).
///
/// Four lines: "untrusted comment: …"; base64(algorithm[2] ‖ key id[8] ‖ signature[64]);
/// "trusted comment: …"; base64(global signature[64]) over signature ‖ the trusted comment's bytes.
/// Strict: each line may lose trailing CRs only; a CR inside a line, a missing or extra line, a bad
/// prefix, non-canonical base64, an unknown algorithm or a trusted comment with control characters
/// (a tab excepted: minisign's default comment has tabs) or invalid UTF-8 is refused.
public struct MinisignSignature: Sendable, Equatable {
    /// What the signature covers.
    public enum Algorithm: Sendable, Equatable {
        /// "Ed", legacy: the file's bytes themselves.
        case legacy
        /// "ED", minisign's default since 0.10: the BLAKE2b-512 hash of the file.
        case prehashed
    }

    static let untrustedPrefix = "untrusted comment: "
    static let trustedPrefix = "trusted comment: "
    /// The largest `.minisig` read (minisign's own trusted comment limit is 8 KiB).
    public static let maxBytes = 16 * 1024

    public let algorithm: Algorithm
    public let keyID: [UInt8]
    /// The Ed25519 signature of the file (legacy) or of its hash (prehashed).
    public let signature: [UInt8]
    /// The trusted comment's bytes, as signed: valid UTF-8, no control character but tab.
    public let trustedCommentBytes: [UInt8]
    /// The Ed25519 signature of `signature ‖ trustedCommentBytes`.
    public let globalSignature: [UInt8]

    /// Parses the file's bytes.
    public init(parsing bytes: [UInt8]) throws(MinisignFormatError) {
        func fail(_ problem: MinisignFormatError.Problem) -> MinisignFormatError { MinisignFormatError(.signature, problem) }
        guard bytes.count <= Self.maxBytes else { throw fail(.tooLarge(limit: Self.maxBytes)) }
        var lines = bytes.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false).map { line in
            var line = line
            while line.last == UInt8(ascii: "\r") { line = line.dropLast() }
            return line
        }
        // One final newline (or none) ends the file; blank lines beyond it are not the format.
        if lines.last?.isEmpty == true { lines.removeLast() }
        guard lines.count == 4 else { throw fail(.lineCount(lines.count)) }
        for (number, line) in lines.enumerated() where line.contains(UInt8(ascii: "\r")) {
            throw fail(.carriageReturn(line: number + 1))
        }
        guard lines[0].starts(with: Self.untrustedPrefix.utf8) else {
            throw fail(.noUntrustedComment)
        }
        guard let signed = Base64.decode(String(decoding: lines[1], as: UTF8.self)), signed.count == 74 else {
            throw fail(.signatureNotBase64)
        }
        switch (signed[0], signed[1]) {
        case (UInt8(ascii: "E"), UInt8(ascii: "d")): algorithm = .legacy
        case (UInt8(ascii: "E"), UInt8(ascii: "D")): algorithm = .prehashed
        default: throw fail(.signatureAlgorithm)
        }
        keyID = Array(signed[2..<10])
        signature = Array(signed[10..<74])
        guard lines[2].starts(with: Self.trustedPrefix.utf8) else {
            throw fail(.noTrustedComment)
        }
        let comment = Array(lines[2].dropFirst(Self.trustedPrefix.utf8.count))
        guard let text = String(validating: comment, as: UTF8.self) else {
            throw fail(.commentNotUTF8)
        }
        if let control = text.unicodeScalars.first(where: { $0 != "\t" && $0.properties.generalCategory == .control }) {
            throw fail(.commentControl("U+" + String(control.value, radix: 16, uppercase: true)))
        }
        trustedCommentBytes = comment
        guard let global = Base64.decode(String(decoding: lines[3], as: UTF8.self)), global.count == 64 else {
            throw fail(.globalSignatureNotBase64)
        }
        globalSignature = global
    }

    /// The message the global signature covers: the signature, then the trusted comment.
    public var globalMessage: [UInt8] { signature + trustedCommentBytes }

    /// The trusted comment made safe for a terminal or a log line: tabs become spaces; bidi
    /// controls (which reorder what follows) and any other format character become `\u{…}` escapes.
    public var printableTrustedComment: String {
        var out = ""
        for scalar in String(decoding: trustedCommentBytes, as: UTF8.self).unicodeScalars {
            if scalar == "\t" {
                out += " "
            } else if scalar.properties.generalCategory == .control || scalar.properties.generalCategory == .format
                || scalar.properties.generalCategory == .lineSeparator || scalar.properties.generalCategory == .paragraphSeparator {
                out += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
            } else {
                out.unicodeScalars.append(scalar)
            }
        }
        return out
    }
}
