extension PackProblem {
    /// What a JSON value found where another was expected is, for a message: its JSON text when short.
    public enum Found: Sendable, Equatable, CustomStringConvertible {
        /// A string, as JSON text (quoted, controls escaped).
        case string(String)
        /// A number, as its lexeme.
        case number(String)
        /// `true`, `false` or `null`.
        case literal(String)
        case array
        case object

        /// The description of `value`.
        init(_ value: JSONValue) {
            switch value {
            case .string: self = .string(value.serialized())
            case .number(let lexeme): self = .number(lexeme)
            case .bool, .null: self = .literal(value.serialized())
            case .array: self = .array
            case .object: self = .object
            }
        }

        public var description: String {
            switch self {
            case .string(let json): return "string " + json
            case .number(let lexeme): return "number " + lexeme
            case .literal(let text): return text
            case .array: return "an array"
            case .object: return "an object"
            }
        }
    }

    /// Every rule a pack can break. Values that come from the pack are kept as they are shown: ids, tags and
    /// formats quoted as JSON (controls escaped), characters as `U+XXXX`.
    public enum Reason: Sendable, Equatable, CustomStringConvertible {
        case packTooLarge(bytes: Int, limit: Int)
        case notJSON(JSONError)
        case packNotObject(Found)
        case unknownTopLevelField
        case missingField
        /// `format` is missing; `expected` quoted.
        case missingFormat(expected: String)
        case unsupportedFormat(found: String, expected: String)
        case formatNotString(expected: String, found: Found)
        case itemsNotArray(Found)
        case tooManyItems(count: Int, limit: Int)
        case noItems
        case duplicateID(id: String, firstIndex: Int)
        case itemNotObject(Found)
        case notString(Found)
        case notOptionalString(Found)
        case unknownKind(String)
        case sortKeyOutOfRange(String)
        case notInteger(Found)
        case tagsNotArray(Found)
        case tooManyTags(count: Int, limit: Int)
        case notBranchCode(tag: String)
        case repeatedTag(String)
        case answerNotAllowed(Kind)
        case unknownField
        case emptyID
        case idTooLong(bytes: Int, limit: Int)
        case idControl(id: String, character: String)
        case emptyProse(field: String)
        case proseControl(field: String, character: String)
        case proseTooLong(field: String, count: Int, limit: Int)
        /// `command` is the macro command's name, without its backslash.
        case definesMacro(field: String, command: String)
        case bidiControl(field: String, character: String, name: String)
        case bidiMark(character: String, name: String)
        /// A control character in a name (a subject, a topic), which is one line: newline and tab too.
        case lineControl(field: String, character: String)
        /// A formula nests groups deeper than `ContentRules.MathLimits.maxDepth`.
        case mathTooDeep(field: String, depth: Int, limit: Int)
        /// A formula is longer than `maxFormulaScalars`.
        case formulaTooLong(field: String, count: Int, limit: Int)
        /// A formula has more symbols than `maxFormulaAtoms`.
        case formulaTooManyAtoms(field: String, count: Int, limit: Int)
        /// A field's formulas together have more symbols than `maxFieldAtoms`.
        case mathTooManyAtoms(field: String, count: Int, limit: Int)
        /// `syllabus` or a subject's `topics` is not an array.
        case notArray(Found)
        case subjectNotObject(Found)
        case topicNotObject(Found)
        case tooManySubjects(count: Int, limit: Int)
        /// Topics over every subject.
        case tooManyTopics(count: Int, limit: Int)
        /// A subject whose `topics` is empty.
        case noTopics
        /// A name with white space at an end, which `dose learn tick` would trim: `name` quoted.
        case nameUntrimmed(field: String, name: String)
        /// `year` is an integer outside `PackLimits.syllabusYears`; the lexeme.
        case yearOutOfRange(String)
        /// A subject named like an earlier one as `TopicFold` compares names; `name` quoted, `first` its place.
        case duplicateSubject(name: String, first: String)
        /// A topic named like an earlier one of its subject; `first` its place (`topics[1] ("…")`).
        case duplicateTopic(name: String, first: String)
        /// A topic's tag that its subject's tags do not have; `subjectTags` quoted, comma-separated.
        case tagOutsideSubject(tag: String, subjectTags: String)

        public var description: String {
            switch self {
            case .packTooLarge(let bytes, let limit): return "the pack is \(bytes) bytes; the limit is \(limit) bytes"
            case .notJSON(let error): return "not valid JSON: \(error)"
            case .packNotObject(let found): return "the pack must be a JSON object, found \(found)"
            case .unknownTopLevelField: return "unknown top-level field, ignored"
            case .missingField: return "missing required field"
            case .missingFormat(let expected): return "missing required field; expected \(expected)"
            case .unsupportedFormat(let found, let expected): return "format \(found) is not supported; expected \(expected)"
            case .formatNotString(let expected, let found): return "must be the string \(expected), found \(found)"
            case .itemsNotArray(let found): return "must be an array, found \(found)"
            case .tooManyItems(let count, let limit): return "the pack has \(count) items; the limit is \(limit)"
            case .noItems: return "the pack has no items"
            case .duplicateID(let id, let first): return "id \(id) is also used by item #\(first); ids must be unique"
            case .itemNotObject(let found): return "item must be an object, found \(found)"
            case .notString(let found): return "must be a string, found \(found)"
            case .notOptionalString(let found): return "must be a string (omit the field when there is none), found \(found)"
            case .unknownKind(let name): return "kind \(name) is not one of \"fact\", \"formula\", \"question\""
            case .sortKeyOutOfRange(let lexeme): return "sortKey \(lexeme) is not an integer in the signed 64-bit range"
            case .notInteger(let found): return "must be an integer, found \(found)"
            case .tagsNotArray(let found): return "must be an array of branch codes, found \(found)"
            case .tooManyTags(let count, let limit): return "\(count) tags; the limit is \(limit)"
            case .notBranchCode(let tag): return "tag \(tag) \(ItemRules.branchCodeRule)"
            case .repeatedTag(let tag): return "tag \(tag) appears more than once"
            case .answerNotAllowed(let kind): return "only questions have an answer; this item is a \(kind.rawValue)"
            case .unknownField: return "unknown field, ignored"
            case .emptyID: return "id must not be empty"
            case .idTooLong(let bytes, let limit): return "id is \(bytes) bytes long; the limit is \(limit) bytes of UTF-8"
            case .idControl(let id, let character): return "id \(id) contains control character \(character)"
            case .emptyProse(let field): return "\(field) must not be empty"
            case .proseControl(let field, let character):
                return "\(field) contains control character \(character); only \\n and \\t are allowed"
            case .proseTooLong(let field, let count, let limit): return "\(field) is \(count) characters long; the limit is \(limit)"
            case .definesMacro(let field, let command):
                return "\(field) uses \\\(command), which defines a macro; "
                    + "macros may not be defined (they can make a page hang: CVE-2024-28243)"
            case .bidiControl(let field, let character, let name):
                return "\(field) contains \(character) \(name), a bidirectional control that makes text display in another order than it reads"
            case .bidiMark(let character, let name): return "id contains \(character) \(name), an invisible bidirectional mark"
            case .lineControl(let field, let character): return "\(field) contains control character \(character)"
            case .mathTooDeep(let field, let depth, let limit):
                return "\(field) has a formula nested \(depth) deep (braces, \\left…\\right, \\begin…\\end); the limit is \(limit)"
            case .formulaTooLong(let field, let count, let limit):
                return "\(field) has a formula of \(count) characters; the limit is \(limit)"
            case .formulaTooManyAtoms(let field, let count, let limit):
                return "\(field) has a formula of \(count) symbols; the limit is \(limit)"
            case .mathTooManyAtoms(let field, let count, let limit):
                return "\(field) has \(count) symbols of mathematics; the limit is \(limit)"
            case .notArray(let found): return "must be an array, found \(found)"
            case .subjectNotObject(let found): return "a subject must be an object, found \(found)"
            case .topicNotObject(let found): return "a topic must be an object, found \(found)"
            case .tooManySubjects(let count, let limit): return "the syllabus has \(count) subjects; the limit is \(limit)"
            case .tooManyTopics(let count, let limit): return "the syllabus has \(count) topics; the limit is \(limit)"
            case .noTopics: return "a subject needs at least one topic"
            case .nameUntrimmed(let field, let name):
                return "\(field) \(name) starts or ends with white space, which `dose learn tick` would trim"
            case .yearOutOfRange(let lexeme):
                return "year \(lexeme) is not a year of study from \(PackLimits.syllabusYears.lowerBound) to \(PackLimits.syllabusYears.upperBound)"
            case .duplicateSubject(let name, let first):
                return "subject \(name) is the same as \(first) to `dose learn`, which ignores case and spacing; subjects must be unique"
            case .duplicateTopic(let name, let first):
                return "topic \(name) is the same as \(first) of this subject to `dose learn`, which ignores case and spacing; "
                    + "topics must be unique in their subject"
            case .tagOutsideSubject(let tag, let subjectTags):
                return "tag \(tag) is not one of its subject's tags (\(subjectTags)): a topic is only for branches its subject is for"
            }
        }
    }
}
