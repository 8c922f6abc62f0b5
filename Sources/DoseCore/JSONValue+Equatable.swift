/// Structural equality.
///
/// Strings and keys compare by their exact UTF-8 bytes (Swift's `==` on `String` would treat
/// canonically equivalent spellings as equal, which JSON does not); numbers compare by
/// lexeme, so `1` and `1.0` differ; objects compare member by member, in order.
extension JSONValue: Equatable {
    public static func == (lhs: JSONValue, rhs: JSONValue) -> Bool {
        switch (lhs, rhs) {
        case (.null, .null):
            return true
        case let (.bool(a), .bool(b)):
            return a == b
        case let (.number(a), .number(b)), let (.string(a), .string(b)):
            return a.utf8.elementsEqual(b.utf8)
        case let (.array(a), .array(b)):
            return a == b
        case let (.object(a), .object(b)):
            guard a.count == b.count else { return false }
            for (x, y) in zip(a, b) where !(x.key.utf8.elementsEqual(y.key.utf8) && x.value == y.value) {
                return false
            }
            return true
        default:
            return false
        }
    }
}
