/// Field rules shared by pack validation and snapshot decoding, so both agree on what an
/// acceptable item is. Each check returns what is wrong, or nil when the value is fine.
public enum ItemRules {
    /// Id: 1–128 bytes of UTF-8 with no control character (C0, DEL, C1).
    public static func idProblem(_ id: String) -> PackProblem.Reason? {
        let count = id.utf8.count
        if count == 0 { return .emptyID }
        if count > PackLimits.maxIDBytes { return .idTooLong(bytes: count, limit: PackLimits.maxIDBytes) }
        if let bad = id.unicodeScalars.first(where: isControl) {
            return .idControl(id: JSONWriter.quoted(id), character: show(bad))
        }
        return nil
    }

    /// Prose: no NUL or control character other than newline and tab, at most `limit` scalars.
    static func proseProblem(_ text: String, field: String, limit: Int) -> PackProblem.Reason? {
        if text.isEmpty { return .emptyProse(field: field) }
        var count = 0
        for scalar in text.unicodeScalars {
            if isControl(scalar) && scalar != "\n" && scalar != "\t" {
                return .proseControl(field: field, character: show(scalar))
            }
            count += 1
        }
        if count > limit {
            return .proseTooLong(field: field, count: count, limit: limit)
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

    static let branchCodeRule = "is not a branch code (two capital letters A–Z)"
}
