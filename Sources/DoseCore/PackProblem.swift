/// One thing wrong (or, as a warning, odd) in a content pack, located by item and field.
///
/// `itemIndex` is the 0-based position in the pack's `items` array (as in `.items[3]`);
/// `itemID` is set when the item has a usable id, so the admin can search for it.
public struct PackProblem: Sendable, Equatable, CustomStringConvertible {
    public var itemIndex: Int?
    public var itemID: String?
    public var field: String?
    public var message: String

    public init(itemIndex: Int? = nil, itemID: String? = nil, field: String? = nil, message: String) {
        self.itemIndex = itemIndex
        self.itemID = itemID
        self.field = field
        self.message = message
    }

    /// Reads like `item "f-ohm" (#3), field "tags": tag "CS " is not a branch code (…)`.
    public var description: String {
        var location: [String] = []
        switch (itemID, itemIndex) {
        case let (id?, index?): location.append("item \(JSONWriter.quoted(id)) (#\(index))")
        case let (id?, nil): location.append("item \(JSONWriter.quoted(id))")
        case let (nil, index?): location.append("item #\(index)")
        case (nil, nil): break
        }
        if let field { location.append("field \(JSONWriter.quoted(field))") }
        return location.isEmpty ? message : location.joined(separator: ", ") + ": " + message
    }
}
