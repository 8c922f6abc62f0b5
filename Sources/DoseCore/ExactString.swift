/// A String compared and hashed by its exact UTF-8 bytes.
///
/// Swift's `String ==` uses canonical equivalence; JSON keys and item ids are byte strings
/// (the store and the resolver compare bytes), so uniqueness checks must too.
struct ExactString: Hashable {
    let value: String

    init(_ value: String) {
        self.value = value
    }

    static func == (lhs: ExactString, rhs: ExactString) -> Bool {
        // Contiguous bytes compared at once: the generic `elementsEqual` walked them one by one.
        var left = lhs.value
        var right = rhs.value
        return left.withUTF8 { l in right.withUTF8 { r in l.elementsEqual(r) } }
    }

    func hash(into hasher: inout Hasher) {
        var copy = value
        copy.withUTF8 { hasher.combine(bytes: UnsafeRawBufferPointer($0)) }
    }
}
