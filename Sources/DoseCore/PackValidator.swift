/// Checks a content pack (`{"format": "daily-dose-pack/1", "items": [...], "syllabus": [...]}`) and reports
/// every problem at once, so an admin can fix a pack in one pass rather than one error a run.
///
/// Nothing is normalised: a tag `"cs"` or `"CS "` is reported, never repaired.
public enum PackValidator {
    static let topLevelFields: Set<String> = ["format", "items", "syllabus"]
    static let itemFields: Set<String> = [
        "id", "kind", "sortKey", "tags", "title", "text", "answer", "explanation",
    ]

    /// Validates the pack's bytes. Unparseable JSON yields one problem with line and column.
    public static func validate(_ bytes: [UInt8]) -> PackReport {
        var report = PackReport()
        guard bytes.count <= PackLimits.maxPackBytes else {
            report.problems.append(PackProblem(reason: .packTooLarge(bytes: bytes.count, limit: PackLimits.maxPackBytes)))
            return report
        }
        let root: JSONValue
        do {
            root = try JSONParser.parse(bytes, maxDepth: PackLimits.maxDepth)
        } catch {
            report.problems.append(PackProblem(reason: .notJSON(error)))
            return report
        }
        guard case .object(let members) = root else {
            report.problems.append(PackProblem(reason: .packNotObject(.init(root))))
            return report
        }
        checkFormat(root["format"], into: &report)
        for member in members where !isKnown(member.key, topLevelFields) {
            report.warnings.append(PackProblem(field: member.key, reason: .unknownTopLevelField))
        }
        checkItems(root["items"], into: &report)
        if let syllabus = root["syllabus"] {
            var check = SyllabusCheck()
            report.syllabus = check.run(syllabus) ?? Syllabus()
            report.problems += check.problems
            report.warnings += check.warnings
        }
        return report
    }

    /// Checks `items`, adding the valid ones and every problem to `report`.
    private static func checkItems(_ itemsValue: JSONValue?, into report: inout PackReport) {
        guard let itemsValue else {
            report.problems.append(PackProblem(field: "items", reason: .missingField))
            return
        }
        guard case .array(let elements) = itemsValue else {
            report.problems.append(PackProblem(field: "items", reason: .itemsNotArray(.init(itemsValue))))
            return
        }
        if elements.count > PackLimits.maxItems {
            report.problems.append(PackProblem(
                field: "items", reason: .tooManyItems(count: elements.count, limit: PackLimits.maxItems)))
        }
        if elements.isEmpty {
            report.warnings.append(PackProblem(field: "items", reason: .noItems))
        }
        var firstIndexOfID: [ExactString: Int] = [:]
        // Sized once: growing it rehashed every id several times (a twelfth of an import of 100,000).
        firstIndexOfID.reserveCapacity(elements.count)
        report.items.reserveCapacity(elements.count)
        for (index, element) in elements.enumerated() {
            var check = ItemCheck(index: index)
            let item = check.run(element)
            if let id = check.usableID {
                let key = ExactString(id)
                // One hash lookup for the usual new id; a repeated one puts the first index back.
                if let first = firstIndexOfID.updateValue(index, forKey: key) {
                    firstIndexOfID[key] = first
                    check.problem("id", .duplicateID(id: JSONWriter.quoted(id), firstIndex: first))
                } else {
                    firstIndexOfID[key] = index
                }
            }
            report.problems += check.problems
            report.warnings += check.warnings
            if let item, check.problems.isEmpty { report.items.append(item) }
        }
    }

    /// `fields.contains(key)`, with a byte comparison first: hashing a `String` is the slow part
    /// for the usual known key, and only a key with other bytes can still be equal as a `String`.
    static func isKnown(_ key: String, _ fields: Set<String>) -> Bool {
        fields.contains { $0.hasSameBytes(as: key) } || fields.contains(key)
    }

    private static func checkFormat(_ value: JSONValue?, into report: inout PackReport) {
        let expected = JSONWriter.quoted(PackLimits.format)
        switch value {
        case nil:
            report.problems.append(PackProblem(field: "format", reason: .missingFormat(expected: expected)))
        case .string(let format)?:
            if format != PackLimits.format {
                report.problems.append(PackProblem(
                    field: "format", reason: .unsupportedFormat(found: JSONWriter.quoted(format), expected: expected)))
            }
        case let other?:
            report.problems.append(PackProblem(field: "format", reason: .formatNotString(expected: expected, found: .init(other))))
        }
    }
}
