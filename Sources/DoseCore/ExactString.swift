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
        lhs.value.utf8.elementsEqual(rhs.value.utf8)
    }

    func hash(into hasher: inout Hasher) {
        var copy = value
        copy.withUTF8 { hasher.combine(bytes: UnsafeRawBufferPointer($0)) }
    }
}
