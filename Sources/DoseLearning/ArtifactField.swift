import DoseCore

/// A JSON value of the provider's answer with the path that names it (`cards[3].back`), so a
/// wrong shape is reported with the field, as `ArtifactValidator` promises.
struct ArtifactField {
    let value: JSONValue
    /// `cards[3].back`; empty for the whole answer.
    let path: String

    init(_ value: JSONValue, path: String = "") {
        self.value = value
        self.path = path
    }

    /// How a message names this field.
    var name: String { path.isEmpty ? "the answer" : path }

    /// The member `key` of this object.
    func member(_ key: String) throws(ArtifactValidationError) -> ArtifactField {
        guard value.object != nil else { throw mismatch("an object") }
        guard let member = value[key] else { throw .init("\(name) has no \"\(key)\"") }
        return ArtifactField(member, path: path.isEmpty ? key : "\(path).\(key)")
    }

    /// The elements of this array, each with its index in the path.
    func elements() throws(ArtifactValidationError) -> [ArtifactField] {
        guard let elements = value.array else { throw mismatch("an array") }
        return elements.enumerated().map { ArtifactField($1, path: "\(path)[\($0)]") }
    }

    func string() throws(ArtifactValidationError) -> String {
        guard let string = value.string else { throw mismatch("a string") }
        return string
    }

    /// An integer; a fraction, an exponent or a number beyond 64 bits is not one.
    func integer() throws(ArtifactValidationError) -> Int {
        guard let integer = value.int64 else { throw mismatch("a whole number") }
        return Int(integer)
    }

    private func mismatch(_ expected: String) -> ArtifactValidationError {
        if case .null = value { return .init("\(name) is null, not \(expected)") }
        return .init("\(name) is not \(expected)")
    }
}
