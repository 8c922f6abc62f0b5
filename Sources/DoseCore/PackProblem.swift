/// One thing wrong (or, as a warning, odd) in a content pack, located by item and field, or by the place
/// in the syllabus and field.
///
/// `itemIndex` is the 0-based position in the pack's `items` array (as in `.items[3]`);
/// `itemID` is set when the item has a usable id, so the admin can search for it. A syllabus problem has
/// `syllabus` instead. What is wrong is a `Reason`, a typed value: `description` is its English, and the
/// layers that print it for people render it in their language (DoseSystem's `localized`; DoseCore has no
/// gettext). Ids, names and field names are data, never translated.
public struct PackProblem: Sendable, Equatable, CustomStringConvertible {
    public var itemIndex: Int?
    public var itemID: String?
    /// Where in `syllabus` the problem is, for a problem of the syllabus.
    public var syllabus: SyllabusPlace?
    public var field: String?
    public var reason: Reason

    public init(itemIndex: Int? = nil, itemID: String? = nil, field: String? = nil, reason: Reason) {
        self.itemIndex = itemIndex
        self.itemID = itemID
        self.field = field
        self.reason = reason
    }

    /// A problem of the syllabus at `place`.
    public init(syllabus place: SyllabusPlace, field: String? = nil, reason: Reason) {
        self.init(field: field, reason: reason)
        syllabus = place
    }

    /// The message without the location, in English.
    public var message: String { reason.description }

    /// Reads like `item "f-ohm" (#3), field "tags": tag "CS " is not a branch code (…)`, or for the syllabus
    /// `syllabus[2] ("Circuits"), topics[4], field "topic": topic must not be empty`.
    public var description: String {
        guard let syllabus else { return Self.located(message, itemIndex: itemIndex, itemID: itemID, field: field) }
        return syllabus.path + (field.map { ", field \(JSONWriter.quoted($0))" } ?? "") + ": " + message
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

/// A place in a pack's syllabus: a subject by its position (0-based, as in `.syllabus[2]`) and, for a
/// topic, the topic's position in its subject's `topics`; each with its name once the name passed its rules.
public struct SyllabusPlace: Sendable, Equatable {
    public var subjectIndex: Int
    public var subject: String?
    public var topicIndex: Int?
    public var topic: String?

    public init(subjectIndex: Int, subject: String? = nil, topicIndex: Int? = nil, topic: String? = nil) {
        self.subjectIndex = subjectIndex
        self.subject = subject
        self.topicIndex = topicIndex
        self.topic = topic
    }

    /// `syllabus[2] ("Circuits"), topics[4] ("Mesh analysis")`: a path into the pack, names quoted as JSON
    /// (so a control character stays visible). The same in every language.
    public var path: String {
        var path = "syllabus[\(subjectIndex)]" + (subject.map { " (\(JSONWriter.quoted($0)))" } ?? "")
        if let topicIndex { path += ", topics[\(topicIndex)]" + (topic.map { " (\(JSONWriter.quoted($0)))" } ?? "") }
        return path
    }
}
