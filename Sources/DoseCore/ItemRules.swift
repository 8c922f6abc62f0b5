/// Field rules shared by pack validation and snapshot decoding, so both agree on what an
/// acceptable item is. Each check returns a message, or nil when the value is fine.
public enum ItemRules {
    /// Id: 1–128 bytes of UTF-8 with no control character (C0, DEL, C1).
    public static func idProblem(_ id: String) -> String? {
        let count = id.utf8.count
        if count == 0 { return "id must not be empty" }
        if count > PackLimits.maxIDBytes {
            return "id is \(count) bytes long; the limit is \(PackLimits.maxIDBytes) bytes of UTF-8"
        }
        if let bad = id.unicodeScalars.first(where: isControl) {
            return "id \(JSONWriter.quoted(id)) contains control character \(show(bad))"
        }
        return nil
    }

    /// Prose: no NUL or control character other than newline and tab, at most `limit` scalars.
    static func proseProblem(_ text: String, field: String, limit: Int) -> String? {
        if text.isEmpty { return "\(field) must not be empty" }
        var count = 0
        for scalar in text.unicodeScalars {
            if isControl(scalar) && scalar != "\n" && scalar != "\t" {
                return "\(field) contains control character \(show(scalar)); only \\n and \\t are allowed"
            }
            count += 1
        }
        if count > limit {
            return "\(field) is \(count) characters long; the limit is \(limit)"
        }
        return nil
    }

    /// C0 controls, DEL and C1 controls.
    static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value)
    }

    static func show(_ scalar: Unicode.Scalar) -> String {
        let hex = String(scalar.value, radix: 16, uppercase: true)
        return "U+" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
    }

    /// A short description of a JSON value for messages: its JSON text, or its type when large.
    static func describe(_ value: JSONValue) -> String {
        switch value {
        case .string: return "string " + value.serialized()
        case .number(let lexeme): return "number " + lexeme
        case .bool, .null: return value.serialized()
        case .array: return "an array"
        case .object: return "an object"
        }
    }

    static let branchCodeRule = "is not a branch code (two capital letters A–Z)"
}
