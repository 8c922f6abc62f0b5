/// Why bytes are not a snapshot this build can use.
public struct SnapshotError: Error, CustomStringConvertible, Equatable, Sendable {
    public enum Reason: Equatable, Sendable {
        /// The bytes are not strict JSON (a truncated file usually lands here).
        case malformedJSON(JSONError)
        /// The document is well-formed but lacks its final newline: it was cut short.
        case truncated
        /// The first member is not `format`, or names another format or version.
        case unsupportedFormat(found: String?)
        case missingField(String)
        case duplicateField(String)
        case unknownField(String)
        case invalidField(String, message: String)
        /// `count` disagrees with the number of items present.
        case countMismatch(declared: Int64, actual: Int)
        /// Item `index` (0-based), named by id when it was read, breaks a rule in `field`.
        case invalidItem(index: Int, id: String?, field: String?, message: String)
    }

    public let reason: Reason

    public init(_ reason: Reason) {
        self.reason = reason
    }

    public var description: String {
        switch reason {
        case .malformedJSON(let error):
            return "snapshot is not valid JSON: \(error)"
        case .truncated:
            return "snapshot is truncated (it does not end with its final newline)"
        case .unsupportedFormat(let found?):
            let version = found.split(separator: "/").last.map(String.init) ?? found
            return "snapshot format \(JSONWriter.quoted(found)) (version \(version)) is not supported; "
                + "this build reads \(JSONWriter.quoted(Snapshot.format))"
        case .unsupportedFormat(nil):
            return "not a snapshot: the first field must be \"format\": \(JSONWriter.quoted(Snapshot.format))"
        case .missingField(let field):
            return "snapshot field \(JSONWriter.quoted(field)) is missing"
        case .duplicateField(let field):
            return "snapshot field \(JSONWriter.quoted(field)) appears twice"
        case .unknownField(let field):
            return "snapshot has an unknown field \(JSONWriter.quoted(field))"
        case .invalidField(let field, let message):
            return "snapshot field \(JSONWriter.quoted(field)): \(message)"
        case .countMismatch(let declared, let actual):
            return "snapshot declares \(declared) items but holds \(actual)"
        case .invalidItem(let index, let id, let field, let message):
            return "snapshot " + PackProblem.located(message, itemIndex: index, itemID: id, field: field)
        }
    }
}
