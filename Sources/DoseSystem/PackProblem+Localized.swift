import DoseCore

extension PackProblem {
    /// The problem for people in their language, naming the item (or the place in the syllabus) and the
    /// field as `description` does (ids, names and field names are data: quoted as JSON, never translated).
    public var localized: String {
        let message = reason.localized
        let field = self.field.map(JSONWriter.quoted)
        if let syllabus {
            // TRANSLATORS: {place} is a path into the pack, as `syllabus[2] ("Circuits"), topics[4]`: keep it as it is.
            return field.map { tr("{place}, field {field}: {message}", ["place": syllabus.path, "field": $0, "message": message]) }
                ?? tr("{place}: {message}", ["place": syllabus.path, "message": message])
        }
        switch (itemID.map(JSONWriter.quoted), itemIndex, field) {
        case let (id?, index?, field?):
            return tr("item {id} (#{index}), field {field}: {message}", ["id": id, "index": index, "field": field, "message": message])
        case let (id?, index?, nil):
            return tr("item {id} (#{index}): {message}", ["id": id, "index": index, "message": message])
        case let (id?, nil, field?):
            return tr("item {id}, field {field}: {message}", ["id": id, "field": field, "message": message])
        case let (id?, nil, nil):
            return tr("item {id}: {message}", ["id": id, "message": message])
        case let (nil, index?, field?):
            return tr("item #{index}, field {field}: {message}", ["index": index, "field": field, "message": message])
        case let (nil, index?, nil):
            return tr("item #{index}: {message}", ["index": index, "message": message])
        case let (nil, nil, field?):
            return tr("field {field}: {message}", ["field": field, "message": message])
        case (nil, nil, nil):
            return message
        }
    }
}

extension PackProblem.Found {
    /// The value found, for people: its JSON text, or its type.
    public var localized: String {
        switch self {
        // TRANSLATORS: what a pack has where something else was expected; {json} is the value as JSON text.
        case .string(let json): tr("string {json}", ["json": json])
        case .number(let lexeme): tr("number {json}", ["json": lexeme])
        case .literal(let text): text
        case .array: tr("an array")
        case .object: tr("an object")
        }
    }
}

extension PackProblem.Reason {
    /// What is wrong, for people in their language; the pack's own values as they are shown in English.
    public var localized: String {
        switch self {
        case .packTooLarge(let bytes, let limit):
            tr("the pack is {bytes} bytes; the limit is {limit} bytes", ["bytes": bytes, "limit": limit])
        case .notJSON(let error):
            tr("not valid JSON: {reason}", ["reason": error.localizedDescription])
        case .packNotObject(let found): tr("the pack must be a JSON object, found {found}", ["found": found.localized])
        case .unknownTopLevelField: tr("unknown top-level field, ignored")
        case .missingField: tr("missing required field")
        case .missingFormat(let expected): tr("missing required field; expected {expected}", ["expected": expected])
        case .unsupportedFormat(let found, let expected):
            tr("format {format} is not supported; expected {expected}", ["format": found, "expected": expected])
        case .formatNotString(let expected, let found):
            tr("must be the string {expected}, found {found}", ["expected": expected, "found": found.localized])
        case .itemsNotArray(let found): tr("must be an array, found {found}", ["found": found.localized])
        case .tooManyItems(let count, let limit): tr("the pack has {count} items; the limit is {limit}", ["count": count, "limit": limit])
        case .noItems: tr("the pack has no items")
        case .duplicateID(let id, let first):
            tr("id {id} is also used by item #{index}; ids must be unique", ["id": id, "index": first])
        case .itemNotObject(let found): tr("item must be an object, found {found}", ["found": found.localized])
        case .notString(let found): tr("must be a string, found {found}", ["found": found.localized])
        case .notOptionalString(let found):
            tr("must be a string (omit the field when there is none), found {found}", ["found": found.localized])
        case .unknownKind(let name):
            // TRANSLATORS: "fact", "formula" and "question" are the pack's words: keep them as they are.
            tr("kind {kind} is not one of \"fact\", \"formula\", \"question\"", ["kind": name])
        case .sortKeyOutOfRange(let lexeme): tr("sortKey {number} is not an integer in the signed 64-bit range", ["number": lexeme])
        case .notInteger(let found): tr("must be an integer, found {found}", ["found": found.localized])
        case .tagsNotArray(let found): tr("must be an array of branch codes, found {found}", ["found": found.localized])
        case .tooManyTags(let count, let limit): tr("{count} tags; the limit is {limit}", ["count": count, "limit": limit])
        case .notBranchCode(let tag): tr("tag {tag} is not a branch code (two capital letters A–Z)", ["tag": tag])
        case .repeatedTag(let tag): tr("tag {tag} appears more than once", ["tag": tag])
        case .answerNotAllowed(let kind):
            // TRANSLATORS: {kind} is the pack's word for the item's kind: "fact" or "formula".
            tr("only questions have an answer; this item is a {kind}", ["kind": kind.rawValue])
        case .unknownField: tr("unknown field, ignored")
        case .emptyID: tr("id must not be empty")
        case .idTooLong(let bytes, let limit):
            tr("id is {bytes} bytes long; the limit is {limit} bytes of UTF-8", ["bytes": bytes, "limit": limit])
        case .idControl(let id, let character):
            tr("id {id} contains control character {character}", ["id": id, "character": character])
        case .emptyProse(let field):
            // TRANSLATORS: {field} is the name of the pack's field, such as "text" or "title".
            tr("{field} must not be empty", ["field": field])
        case .proseControl(let field, let character):
            tr("{field} contains control character {character}; only \\n and \\t are allowed", ["field": field, "character": character])
        case .proseTooLong(let field, let count, let limit):
            tr("{field} is {count} characters long; the limit is {limit}", ["field": field, "count": count, "limit": limit])
        case .definesMacro(let field, let command):
            tr("{field} uses \\{command}, which defines a macro; macros may not be defined (they can make a page hang: CVE-2024-28243)",
               ["field": field, "command": command])
        case .bidiControl(let field, let character, let name):
            // TRANSLATORS: {name} is the character's Unicode name, such as RIGHT-TO-LEFT OVERRIDE.
            tr("{field} contains {character} {name}, a bidirectional control that makes text display in another order than it reads",
               ["field": field, "character": character, "name": name])
        case .bidiMark(let character, let name):
            tr("id contains {character} {name}, an invisible bidirectional mark", ["character": character, "name": name])
        case .lineControl(let field, let character):
            tr("{field} contains control character {character}", ["field": field, "character": character])
        case .mathTooDeep(let field, let depth, let limit):
            // TRANSLATORS: \left…\right and \begin…\end are LaTeX: keep them as they are.
            tr("{field} has a formula nested {depth} deep (braces, \\left…\\right, \\begin…\\end); the limit is {limit}",
               ["field": field, "depth": depth, "limit": limit])
        case .formulaTooLong(let field, let count, let limit):
            tr("{field} has a formula of {count} characters; the limit is {limit}", ["field": field, "count": count, "limit": limit])
        case .formulaTooManyAtoms(let field, let count, let limit):
            // TRANSLATORS: a symbol is each character of a formula but spaces and braces, a LaTeX command counting as one.
            tr("{field} has a formula of {count} symbols; the limit is {limit}", ["field": field, "count": count, "limit": limit])
        case .mathTooManyAtoms(let field, let count, let limit):
            tr("{field} has {count} symbols of mathematics; the limit is {limit}", ["field": field, "count": count, "limit": limit])
        case .notArray(let found): tr("must be an array, found {found}", ["found": found.localized])
        case .subjectNotObject(let found): tr("a subject must be an object, found {found}", ["found": found.localized])
        case .topicNotObject(let found): tr("a topic must be an object, found {found}", ["found": found.localized])
        case .tooManySubjects(let count, let limit):
            tr("the syllabus has {count} subjects; the limit is {limit}", ["count": count, "limit": limit])
        case .tooManyTopics(let count, let limit): tr("the syllabus has {count} topics; the limit is {limit}", ["count": count, "limit": limit])
        case .noTopics: tr("a subject needs at least one topic")
        case .nameUntrimmed(let field, let name):
            // TRANSLATORS: {field} is the pack's field, "subject" or "topic"; `dose learn tick` is a command.
            tr("{field} {name} starts or ends with white space, which `dose learn tick` would trim", ["field": field, "name": name])
        case .yearOutOfRange(let lexeme):
            tr("year {year} is not a year of study from {first} to {last}",
               ["year": lexeme, "first": PackLimits.syllabusYears.lowerBound, "last": PackLimits.syllabusYears.upperBound])
        case .duplicateSubject(let name, let first):
            // TRANSLATORS: {first} is a path into the pack, as `syllabus[0] ("Physics")`: keep it as it is.
            tr("subject {name} is the same as {first} to `dose learn`, which ignores case and spacing; subjects must be unique",
               ["name": name, "first": first])
        case .duplicateTopic(let name, let first):
            tr("topic {name} is the same as {first} of this subject to `dose learn`, which ignores case and spacing; topics must be unique in their subject",
               ["name": name, "first": first])
        case .tagOutsideSubject(let tag, let subjectTags):
            tr("tag {tag} is not one of its subject's tags ({tags}): a topic is only for branches its subject is for",
               ["tag": tag, "tags": subjectTags])
        }
    }
}
