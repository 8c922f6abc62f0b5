/// Why a document is not strict JSON, and where: 1-based line and column.
///
/// Columns count Unicode scalars (UTF-8 lead bytes) from the start of the line, so they match
/// what an editor shows for most text; `offset` is the 0-based byte offset.
public struct JSONError: Error, CustomStringConvertible, Equatable, Sendable {
    /// What went wrong.
    public enum Reason: Equatable, Sendable {
        /// The document starts with a UTF-8 byte order mark, which RFC 8259 forbids senders to add.
        case byteOrderMark
        /// The input ended where `expected` was needed.
        case unexpectedEnd(expected: String)
        /// A byte that cannot start or continue what `expected` describes.
        case unexpectedCharacter(UInt8, expected: String)
        /// A string opened at the error position has no closing quote.
        case unterminatedString
        /// A backslash followed by something other than `" \ / b f n r t u`, or bad `\u` hex digits.
        case invalidEscape(String)
        /// A `\u` surrogate that is not part of a high-then-low pair.
        case invalidSurrogate(String)
        /// A raw control character (U+0000–U+001F) inside a string; it must be escaped.
        case controlCharacterInString(UInt8)
        /// Bytes that are not well-formed UTF-8 (overlong, surrogate, truncated, out of range).
        case invalidUTF8
        /// Arrays and objects nested deeper than the limit.
        case tooDeep(limit: Int)
        /// Something other than whitespace after the top-level value.
        case trailingData
        /// An object repeats a key.
        case duplicateKey(String)
        /// A number that breaks RFC 8259's number grammar.
        case invalidNumber(String)
    }

    public let reason: Reason
    public let line: Int
    public let column: Int
    public let offset: Int

    public init(reason: Reason, line: Int, column: Int, offset: Int) {
        self.reason = reason
        self.line = line
        self.column = column
        self.offset = offset
    }

    /// Locates `offset` in `bytes` (only ever on the error path, so the scan is fine).
    init(_ reason: Reason, in bytes: UnsafeBufferPointer<UInt8>, at offset: Int) {
        var line = 1
        var column = 1
        for byte in bytes[0..<min(offset, bytes.count)] {
            if byte == 0x0A {
                line += 1
                column = 1
            } else if byte & 0xC0 != 0x80 {
                column += 1
            }
        }
        self.init(reason: reason, line: line, column: column, offset: offset)
    }

    public var description: String {
        "line \(line), column \(column): \(message)"
    }

    /// The message without the position.
    public var message: String {
        switch reason {
        case .byteOrderMark:
            return "the file starts with a UTF-8 byte order mark; save it as UTF-8 without BOM"
        case .unexpectedEnd(let expected):
            return "unexpected end of input, expected \(expected)"
        case .unexpectedCharacter(let byte, let expected):
            return "unexpected character \(JSONError.show(byte)), expected \(expected)"
        case .unterminatedString:
            return "unterminated string (no closing quote)"
        case .invalidEscape(let detail):
            return "invalid escape: \(detail)"
        case .invalidSurrogate(let detail):
            return "invalid \\u surrogate: \(detail)"
        case .controlCharacterInString(let byte):
            return "control character \(JSONError.show(byte)) in string; escape it (for example \\n or \\u00XX)"
        case .invalidUTF8:
            return "invalid UTF-8 byte sequence"
        case .tooDeep(let limit):
            return "nesting deeper than \(limit) arrays/objects"
        case .trailingData:
            return "trailing data after the JSON value"
        case .duplicateKey(let key):
            return "duplicate key \(JSONWriter.quoted(key))"
        case .invalidNumber(let detail):
            return "malformed number: \(detail)"
        }
    }

    /// A byte as a reader would want to see it: `'x'` when printable ASCII, else `U+000A`/`byte 0xC3`.
    public static func show(_ byte: UInt8) -> String {
        if byte >= 0x20 && byte < 0x7F { return "'\(Character(Unicode.Scalar(byte)))'" }
        let hex = String(byte, radix: 16, uppercase: true)
        let padded = hex.count == 1 ? "0" + hex : hex
        return byte < 0x80 ? "U+00\(padded)" : "byte 0x\(padded)"
    }
}
