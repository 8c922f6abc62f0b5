import DoseCore

extension JSONValue {
    /// An object with its members sorted by key (byte order), as the stored artifacts and the
    /// request body have always been written.
    static func sortedObject(_ members: [(String, JSONValue)]) -> JSONValue {
        .object(members.sorted { $0.0.utf8.lexicographicallyPrecedes($1.0.utf8) }.map { (key: $0.0, value: $0.1) })
    }
}
