import DoseCore

extension JSONError {
    /// The message without the position, for people in their language. DoseCore's words for what was
    /// expected and for a bad number or escape are translated where they are the parser's fixed phrases;
    /// anything else (a JSON punctuation list, a detail naming the input's characters) is shown as it is.
    public var localizedMessage: String {
        switch reason {
        case .byteOrderMark:
            return tr("the file starts with a UTF-8 byte order mark; save it as UTF-8 without BOM")
        case .unexpectedEnd(let expected):
            return tr("unexpected end of input, expected {expected}", ["expected": Self.localized(expected: expected)])
        case .unexpectedCharacter(let byte, let expected):
            return tr("unexpected character {character}, expected {expected}",
                      ["character": JSONError.show(byte), "expected": Self.localized(expected: expected)])
        case .unterminatedString:
            return tr("unterminated string (no closing quote)")
        case .invalidEscape(let detail):
            return tr("invalid escape: {detail}", ["detail": Self.localized(detail: detail)])
        case .invalidSurrogate(let detail):
            return tr("invalid \\u surrogate: {detail}", ["detail": detail])
        case .controlCharacterInString(let byte):
            return tr("control character {character} in string; escape it (for example \\n or \\u00XX)", ["character": JSONError.show(byte)])
        case .invalidUTF8:
            return tr("invalid UTF-8 byte sequence")
        case .tooDeep(let limit):
            return tr("nesting deeper than {limit} arrays/objects", ["limit": limit])
        case .trailingData:
            return tr("trailing data after the JSON value")
        case .duplicateKey(let key):
            return tr("duplicate key {key}", ["key": JSONWriter.quoted(key)])
        case .invalidNumber(let detail):
            return tr("malformed number: {detail}", ["detail": Self.localized(detail: detail)])
        }
    }

    /// `line L, column C: message`, in the user's language.
    public var localizedDescription: String {
        tr("line {line}, column {column}: {message}", ["line": line, "column": column, "message": localizedMessage])
    }

    /// What the parser expected, translated when it is one of its words ("a value", "a string key").
    static func localized(expected: String) -> String {
        switch expected {
        case "a value": tr("a value")
        case "a string key": tr("a string key")
        default: expected  // JSON punctuation: "',' or ']'"
        }
    }

    /// A bad number's or escape's detail, translated when it is one of the parser's fixed phrases.
    static func localized(detail: String) -> String {
        switch detail {
        case "expected a digit": tr("expected a digit")
        case "leading zeros are not allowed": tr("leading zeros are not allowed")
        case "expected a digit after the decimal point": tr("expected a digit after the decimal point")
        case "expected a digit in the exponent": tr("expected a digit in the exponent")
        case "backslash at end of input": tr("backslash at end of input")
        case "\\u needs four hex digits": tr("\\u needs four hex digits")
        default: detail
        }
    }
}
