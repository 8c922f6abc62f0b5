/// A minisign public key: base64 of "Ed" ‖ key id (8 bytes) ‖ Ed25519 public key (32 bytes).
///
/// The format of jedisct1/minisign (and Debian's `minisign`): the second line of a `.pub` file, or
/// the string `minisign -P` takes.
public struct MinisignPublicKey: Sendable, Equatable {
    /// The key id as stored (little-endian; `keyIDText` prints it as minisign does).
    public let keyID: [UInt8]
    /// The Ed25519 public key.
    public let key: [UInt8]

    /// Reads the bare base64 key, or a `.pub` file's text (an "untrusted comment:" line, then the key).
    public init(parsing text: String) throws(MinisignFormatError) {
        // Split on scalars: as a Character, "\r\n" is one cluster, not "\n".
        var lines = text.unicodeScalars.split(separator: "\n", omittingEmptySubsequences: false).map { Self.trimmed(Substring($0)) }
        while lines.last == "" { lines.removeLast() }
        let encoded: Substring
        switch lines.count {
        case 1: encoded = lines[0]
        case 2 where lines[0].hasPrefix(MinisignSignature.untrustedPrefix): encoded = lines[1]
        default:
            throw MinisignFormatError(.publicKey, .keyLines)
        }
        guard let bytes = Base64.decode(String(encoded)) else {
            throw MinisignFormatError(.publicKey, .keyNotBase64)
        }
        guard bytes.count == 42 else {
            throw MinisignFormatError(.publicKey, .keyLength(bytes: bytes.count))
        }
        guard bytes[0] == UInt8(ascii: "E"), bytes[1] == UInt8(ascii: "d") else {
            throw MinisignFormatError(.publicKey, .keyAlgorithm)
        }
        keyID = Array(bytes[2..<10])
        key = Array(bytes[10..<42])
    }

    /// The key as `dose config set source.pubkey` stores it: the canonical base64.
    public var base64: String { Base64.encode(Array("Ed".utf8) + keyID + key) }

    /// The key id as minisign prints it: 16 upper-case hex digits of the little-endian number.
    public var keyIDText: String { Self.keyIDText(keyID) }

    /// `keyIDText` for any 8-byte key id (a signature's).
    public static func keyIDText(_ id: [UInt8]) -> String {
        let digits = Array("0123456789ABCDEF".utf8)
        var out: [UInt8] = []
        for byte in id.reversed() {
            out.append(digits[Int(byte >> 4)])
            out.append(digits[Int(byte & 15)])
        }
        return String(decoding: out, as: UTF8.self)
    }

    /// A line without its trailing CRs and surrounding spaces (a key pasted from a terminal).
    private static func trimmed(_ line: Substring) -> Substring {
        var scalars = line.unicodeScalars[...]
        while let last = scalars.last, last == "\r" || last == " " || last == "\t" { scalars.removeLast() }
        while let first = scalars.first, first == " " || first == "\t" { scalars.removeFirst() }
        return Substring(scalars)
    }
}
