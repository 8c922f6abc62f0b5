/// One thing wrong (or, as a warning, odd) in a content pack, located by item and field.
///
/// `itemIndex` is the 0-based position in the pack's `items` array (as in `.items[3]`);
/// `itemID` is set when the item has a usable id, so the admin can search for it. What is wrong is a
/// `Reason`, a typed value: `description` is its English, and the layers that print it for people render
/// it in their language (DoseSystem's `localized`; DoseCore has no gettext). Ids and field names are
/// data, never translated.
public struct PackProblem: Sendable, Equatable, CustomStringConvertible {
    public var itemIndex: Int?
    public var itemID: String?
    public var field: String?
    public var reason: Reason

    public init(itemIndex: Int? = nil, itemID: String? = nil, field: String? = nil, reason: Reason) {
        self.itemIndex = itemIndex
        self.itemID = itemID
        self.field = field
        self.reason = reason
    }

    /// The message without the location, in English.
    public var message: String { reason.description }

    /// Reads like `item "f-ohm" (#3), field "tags": tag "CS " is not a branch code (…)`.
    public var description: String {
        Self.located(message, itemIndex: itemIndex, itemID: itemID, field: field)
    }

    /// `message` after the item and field it is about, in English.
    public static func located(_ message: String, itemIndex: Int?, itemID: String?, field: String?) -> String {
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
