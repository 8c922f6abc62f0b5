/// Comparing strings by their UTF-8 bytes, as the store (SQLite's BINARY collation) and the resolver do.
///
/// String `==` and `<` use canonical equivalence; ids and keys are byte strings. These compare
/// contiguous bytes in a plain loop: the generic walks over two `UTF8View`s were a tenth of an import.
extension String {
    /// True when both strings have exactly the same UTF-8 bytes.
    public func hasSameBytes(as other: String) -> Bool {
        utf8.count == other.utf8.count && compareBytes(with: other) == 0
    }

    /// True when the UTF-8 bytes sort before `other`'s (a proper prefix sorts first).
    public func precedesInBytes(_ other: String) -> Bool {
        compareBytes(with: other) < 0
    }

    /// Negative, zero or positive as the UTF-8 bytes sort before, equal or after `other`'s.
    private func compareBytes(with other: String) -> Int {
        let contiguous = utf8.withContiguousStorageIfAvailable { left in
            other.utf8.withContiguousStorageIfAvailable { right in
                for i in 0..<min(left.count, right.count) where left[i] != right[i] {
                    return Int(left[i]) - Int(right[i])
                }
                return left.count - right.count
            }
        }
        if let order = contiguous ?? nil { return order }
        // Bridged or otherwise non-contiguous strings: the generic walk.
        if utf8.elementsEqual(other.utf8) { return 0 }
        return utf8.lexicographicallyPrecedes(other.utf8) ? -1 : 1
    }
}
