/// Serialises `JSONValue`s to UTF-8 JSON text.
///
/// Escapes `"`, `\` and every control character: C0 (`\b \f \n \r \t` in their short forms for
/// readability, the rest as `\u00XX`), DEL and C1 (U+0080–U+009F, as `\u0080`…), so JSON printed
/// to a terminal carries no escape sequence; everything else, including non-ASCII, is written as
/// UTF-8. Numbers are written as their lexeme, so build them with `JSONValue.integer(_:)` /
/// `.double(_:)` or take them from the parser.
public struct JSONWriter: Sendable {
    /// The UTF-8 text written so far.
    public private(set) var bytes: [UInt8] = []
    /// Indent nested values by two spaces, one member or element per line.
    public let pretty: Bool

    public init(pretty: Bool = false) {
        self.pretty = pretty
    }

    /// Makes room for `count` bytes in all, so a large document grows without copies.
    public mutating func reserveCapacity(_ count: Int) {
        bytes.reserveCapacity(count)
    }

    /// The text written so far.
    public var text: String { String(decoding: bytes, as: UTF8.self) }

    /// Appends a whole value.
    public mutating func write(_ value: JSONValue) {
        write(value, indent: 0)
    }

    /// `s` as a JSON string literal, quotes included.
    public static func quoted(_ s: String) -> String {
        // Fast path: most strings need no escaping, so skip the byte buffer entirely.
        if !s.utf8.contains(where: { $0 < 0x20 || $0 == 0x22 || $0 == 0x5C || $0 == 0x7F || $0 == 0xC2 }) {
            return "\"" + s + "\""
        }
        var writer = JSONWriter()
        writer.appendQuoted(s)
        return writer.text
    }

    private mutating func write(_ value: JSONValue, indent: Int) {
        switch value {
        case .null: appendASCII("null")
        case .bool(let b): appendASCII(b ? "true" : "false")
        case .number(let lexeme): bytes.append(contentsOf: lexeme.utf8)
        case .string(let s): appendQuoted(s)
        case .array(let elements):
            bytes.append(UInt8(ascii: "["))
            for (i, element) in elements.enumerated() {
                if i > 0 { bytes.append(UInt8(ascii: ",")) }
                newline(indent + 1)
                write(element, indent: indent + 1)
            }
            if !elements.isEmpty { newline(indent) }
            bytes.append(UInt8(ascii: "]"))
        case .object(let members):
            bytes.append(UInt8(ascii: "{"))
            for (i, member) in members.enumerated() {
                if i > 0 { bytes.append(UInt8(ascii: ",")) }
                newline(indent + 1)
                appendQuoted(member.key)
                bytes.append(UInt8(ascii: ":"))
                if pretty { bytes.append(UInt8(ascii: " ")) }
                write(member.value, indent: indent + 1)
            }
            if !members.isEmpty { newline(indent) }
            bytes.append(UInt8(ascii: "}"))
        }
    }

    private mutating func newline(_ indent: Int) {
        guard pretty else { return }
        bytes.append(0x0A)
        bytes.append(contentsOf: repeatElement(UInt8(ascii: " "), count: indent * 2))
    }

    /// Appends `s` as a JSON string literal, copying runs that need no escape in one go.
    mutating func appendQuoted(_ s: String) {
        bytes.append(0x22)
        var copy = s
        copy.withUTF8 { utf8 in
            var runStart = 0
            var i = 0
            while i < utf8.count {
                let byte = utf8[i]
                if byte < 0x20 || byte == 0x22 || byte == 0x5C || byte == 0x7F {
                    bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[runStart..<i]))
                    appendEscape(byte)
                    runStart = i + 1
                } else if byte == 0xC2, i + 1 < utf8.count, (0x80...0x9F).contains(utf8[i + 1]) {
                    // A C1 control (U+0080–U+009F, UTF-8 C2 80…C2 9F): a terminal may take it as CSI or OSC.
                    bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[runStart..<i]))
                    appendEscape(utf8[i + 1])
                    i += 1
                    runStart = i + 1
                }
                i += 1
            }
            bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[runStart...]))
        }
        bytes.append(0x22)
    }

    private mutating func appendEscape(_ byte: UInt8) {
        bytes.append(0x5C)
        switch byte {
        case 0x22, 0x5C: bytes.append(byte)
        case 0x08: bytes.append(UInt8(ascii: "b"))
        case 0x0C: bytes.append(UInt8(ascii: "f"))
        case 0x0A: bytes.append(UInt8(ascii: "n"))
        case 0x0D: bytes.append(UInt8(ascii: "r"))
        case 0x09: bytes.append(UInt8(ascii: "t"))
        default:
            let hex: [UInt8] = Array("0123456789abcdef".utf8)
            bytes.append(contentsOf: [UInt8(ascii: "u"), 0x30, 0x30, hex[Int(byte >> 4)], hex[Int(byte & 0xF)]])
        }
    }

    mutating func appendASCII(_ text: StaticString) {
        bytes.append(contentsOf: UnsafeBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount))
    }

    /// Appends raw, already valid JSON text (a key, a separator, an integer's digits).
    mutating func appendRaw(_ text: String) {
        bytes.append(contentsOf: text.utf8)
    }

    /// Appends a decimal integer without going through a String.
    mutating func appendInteger(_ value: Int64) {
        if value < 0 { bytes.append(UInt8(ascii: "-")) }
        var magnitude = value.magnitude
        var digits: (UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8,
                     UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8) =
            (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
        var count = 0
        withUnsafeMutableBytes(of: &digits) { buffer in
            repeat {
                buffer[19 - count] = UInt8(magnitude % 10) + 0x30
                magnitude /= 10
                count += 1
            } while magnitude > 0
            bytes.append(contentsOf: buffer[(20 - count)...])
        }
    }
}
