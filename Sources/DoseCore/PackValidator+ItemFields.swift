extension PackValidator {
    /// An item object's known fields, found in one pass over its members.
    ///
    /// Each field holds the first member whose key has exactly its bytes, as `JSONValue`'s
    /// subscript finds it; `unknownKeys` lists, in order, the keys that are no field name by
    /// `String` equality (`itemFields.contains`, the rule for the warning). One pass replaced
    /// eight subscript scans and a set lookup per member (a tenth of validating a large pack).
    struct ItemFields {
        var id, kind, sortKey, tags, title, text, answer, explanation: JSONValue?
        private(set) var unknownKeys: [String] = []

        init(_ members: [(key: String, value: JSONValue)]) {
            for member in members where !claim(member.key, member.value) {
                // A key canonically equal to a field name but with other bytes is known, and unused.
                if !PackValidator.itemFields.contains(member.key) { unknownKeys.append(member.key) }
            }
        }

        /// Keeps `value` in its field when `key` is a field name byte for byte (the first such member
        /// wins); false when it is not a field name.
        private mutating func claim(_ key: String, _ value: JSONValue) -> Bool {
            func take(_ field: inout JSONValue?) -> Bool {
                if field == nil { field = value }
                return true
            }
            switch key.utf8.count {
            case 2 where key.hasSameBytes(as: "id"): return take(&id)
            case 4 where key.hasSameBytes(as: "kind"): return take(&kind)
            case 4 where key.hasSameBytes(as: "tags"): return take(&tags)
            case 4 where key.hasSameBytes(as: "text"): return take(&text)
            case 5 where key.hasSameBytes(as: "title"): return take(&title)
            case 6 where key.hasSameBytes(as: "answer"): return take(&answer)
            case 7 where key.hasSameBytes(as: "sortKey"): return take(&sortKey)
            case 11 where key.hasSameBytes(as: "explanation"): return take(&explanation)
            default: return false
            }
        }
    }
}
