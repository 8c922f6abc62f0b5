/// Strict standard base64 (RFC 4648 §4, with `=` padding): the encoding of minisign's keys and signatures.
///
/// Strict because a key or signature has exactly one spelling: no whitespace, no missing or extra
/// padding, no bits set after the last byte. Anything else is refused, not guessed at.
public enum Base64 {
    /// The bytes `text` encodes, or nil when it is not canonical base64.
    public static func decode(_ text: String) -> [UInt8]? {
        let input = Array(text.utf8)
        guard input.count % 4 == 0 else { return nil }
        var out: [UInt8] = []
        out.reserveCapacity(input.count / 4 * 3)
        var index = 0
        while index < input.count {
            let isLast = index + 4 == input.count
            var values: [UInt32] = []
            var padding = 0
            for offset in 0..<4 {
                let byte = input[index + offset]
                if byte == UInt8(ascii: "=") {
                    // Padding only at the end of the last group, and at most two.
                    guard isLast, offset >= 2 else { return nil }
                    padding += 1
                    continue
                }
                guard padding == 0, let value = sextet(byte) else { return nil }
                values.append(value)
            }
            let group = values.enumerated().reduce(UInt32(0)) { $0 | $1.element << UInt32(18 - 6 * $1.offset) }
            let bytes = [UInt8(truncatingIfNeeded: group >> 16), UInt8(truncatingIfNeeded: group >> 8), UInt8(truncatingIfNeeded: group)]
            let kept = 3 - padding
            // Bits past the last byte must be zero (one spelling per byte string).
            guard bytes[kept...].allSatisfy({ $0 == 0 }) else { return nil }
            out += bytes[..<kept]
            index += 4
        }
        return out
    }

    /// The canonical base64 of `bytes`.
    public static func encode(_ bytes: [UInt8]) -> String {
        var out: [UInt8] = []
        out.reserveCapacity((bytes.count + 2) / 3 * 4)
        var index = 0
        while index < bytes.count {
            let chunk = bytes[index..<min(index + 3, bytes.count)]
            var group: UInt32 = 0
            for (offset, byte) in chunk.enumerated() { group |= UInt32(byte) << UInt32(16 - 8 * offset) }
            for position in 0..<4 {
                if position <= chunk.count {
                    out.append(alphabet[Int((group >> UInt32(18 - 6 * position)) & 63)])
                } else {
                    out.append(UInt8(ascii: "="))
                }
            }
            index += 3
        }
        return String(decoding: out, as: UTF8.self)
    }

    private static let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/".utf8)

    private static func sextet(_ byte: UInt8) -> UInt32? {
        switch byte {
        case UInt8(ascii: "A")...UInt8(ascii: "Z"): return UInt32(byte - UInt8(ascii: "A"))
        case UInt8(ascii: "a")...UInt8(ascii: "z"): return UInt32(byte - UInt8(ascii: "a")) + 26
        case UInt8(ascii: "0")...UInt8(ascii: "9"): return UInt32(byte - UInt8(ascii: "0")) + 52
        case UInt8(ascii: "+"): return 62
        case UInt8(ascii: "/"): return 63
        default: return nil
        }
    }
}
