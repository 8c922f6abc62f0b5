extension PackValidator {
    /// Validates one element of `items`, collecting every problem it has.
    struct ItemCheck {
        let index: Int
        /// The id once it has passed its rules; problems name the item by it.
        private(set) var usableID: String?
        private(set) var problems: [PackProblem] = []
        private(set) var warnings: [PackProblem] = []

        init(index: Int) {
            self.index = index
        }

        mutating func problem(_ field: String?, _ reason: PackProblem.Reason) {
            problems.append(PackProblem(itemIndex: index, itemID: usableID, field: field, reason: reason))
        }

        /// Returns the item when every field could be read (problems may still exist, e.g. a duplicate id).
        mutating func run(_ element: JSONValue) -> Item? {
            guard case .object(let members) = element else {
                problem(nil, .itemNotObject(.init(element)))
                return nil
            }
            let fields = ItemFields(members)
            let id = requiredString(fields.id, "id")
            if let id {
                if let reason = ContentRules.idProblem(id) {
                    problem("id", reason)
                } else {
                    usableID = id
                }
            }
            let kind = readKind(fields.kind)
            let sortKey = readSortKey(fields.sortKey)
            let tags = readTags(fields.tags)
            let title = optionalProse(fields.title, "title", PackLimits.maxTitleScalars)
            // A formula's text is one display formula on the page; any other text is prose with inline maths.
            let textShape: ContentRules.Shape = kind == .formula ? .formula : .prose
            let text = requiredString(fields.text, "text").flatMap {
                checkedProse($0, "text", PackLimits.maxTextScalars, shape: textShape)
            }
            let answer = readAnswer(fields.answer, kind: kind)
            let explanation = optionalProse(fields.explanation, "explanation", PackLimits.maxExplanationScalars)
            for key in fields.unknownKeys {
                warnings.append(PackProblem(
                    itemIndex: index, itemID: usableID, field: key, reason: .unknownField))
            }
            guard let id, let kind, let sortKey, let tags, let text, problems.isEmpty else { return nil }
            return Item(id: id, kind: kind, sortKey: sortKey, tags: tags, title: title ?? nil,
                        text: text, answer: answer ?? nil, explanation: explanation ?? nil)
        }

        private mutating func requiredString(_ value: JSONValue?, _ field: String) -> String? {
            switch value {
            case nil:
                problem(field, .missingField)
                return nil
            case .string(let s)?:
                return s
            case let other?:
                problem(field, .notString(.init(other)))
                return nil
            }
        }

        private mutating func checkedProse(
            _ text: String, _ field: String, _ limit: Int, shape: ContentRules.Shape = .prose
        ) -> String? {
            if let reason = ContentRules.problem(text, field: field, shape: shape, limit: limit) {
                problem(field, reason)
                return nil
            }
            return text
        }

        /// nil: invalid; .some(nil): absent; .some(text): present and valid.
        private mutating func optionalProse(_ value: JSONValue?, _ field: String, _ limit: Int) -> String?? {
            switch value {
            case nil:
                return .some(nil)
            case .string(let s)?:
                return checkedProse(s, field, limit).map { .some($0) } ?? nil
            case let other?:
                problem(field, .notOptionalString(.init(other)))
                return nil
            }
        }

        private mutating func readKind(_ value: JSONValue?) -> Kind? {
            guard let name = requiredString(value, "kind") else { return nil }
            guard let kind = Kind(rawValue: name) else {
                problem("kind", .unknownKind(JSONWriter.quoted(name)))
                return nil
            }
            return kind
        }

        private mutating func readSortKey(_ value: JSONValue?) -> Int64? {
            guard let value else { return 0 }
            if let key = value.int64 { return key }
            if case .number(let lexeme) = value {
                problem("sortKey", .sortKeyOutOfRange(lexeme))
            } else {
                problem("sortKey", .notInteger(.init(value)))
            }
            return nil
        }

        private mutating func readTags(_ value: JSONValue?) -> [BranchCode]? {
            PackValidator.readTags(value) { problem("tags", $0) }
        }

        /// nil: invalid; .some(nil): absent; .some(text): a question's answer.
        private mutating func readAnswer(_ value: JSONValue?, kind: Kind?) -> String?? {
            if kind == .question {
                guard let text = requiredString(value, "answer") else { return nil }
                return checkedProse(text, "answer", PackLimits.maxAnswerScalars).map { .some($0) } ?? nil
            }
            guard let value else { return .some(nil) }
            if let kind {
                problem("answer", .answerNotAllowed(kind))
                return nil
            }
            // Unknown kind (already reported): still check the answer's own form.
            guard case .string(let text) = value else {
                problem("answer", .notString(.init(value)))
                return nil
            }
            return checkedProse(text, "answer", PackLimits.maxAnswerScalars).map { .some($0) } ?? nil
        }
    }

    /// A `tags` value (an item's, a syllabus subject's or topic's): absent is none; each problem goes to
    /// `problem`, and any makes it nil. Nothing is normalised: `"cs"` or `"CS "` is reported, never repaired.
    static func readTags(_ value: JSONValue?, problem: (PackProblem.Reason) -> Void) -> [BranchCode]? {
        guard let value else { return [] }
        guard case .array(let elements) = value else {
            problem(.tagsNotArray(.init(value)))
            return nil
        }
        if elements.count > PackLimits.maxTagsPerItem {
            problem(.tooManyTags(count: elements.count, limit: PackLimits.maxTagsPerItem))
        }
        var tags: [BranchCode] = []
        var valid = elements.count <= PackLimits.maxTagsPerItem
        for element in elements {
            // Shown as JSON text, so "CS " and control characters stay visible.
            guard case .string(let text) = element, let code = BranchCode(exactly: text) else {
                problem(.notBranchCode(tag: element.serialized()))
                valid = false
                continue
            }
            if tags.contains(code) {
                problem(.repeatedTag(JSONWriter.quoted(text)))
                valid = false
                continue
            }
            tags.append(code)
        }
        return valid ? tags : nil
    }
}
