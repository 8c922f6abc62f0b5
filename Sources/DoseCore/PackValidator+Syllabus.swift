extension PackValidator {
    static let subjectFields: Set<String> = ["subject", "year", "tags", "topics"]
    static let topicFields: Set<String> = ["topic", "tags"]

    /// Validates a pack's `syllabus`, collecting every problem, each located by subject and topic
    /// (`syllabus[2] ("Circuits"), topics[4], field "topic"`).
    ///
    /// Names follow `dose learn tick`'s rules (`ContentRules.nameProblem`), and must already be trimmed, so a
    /// ticked syllabus topic is stored exactly as the pack spells it; two names that `TopicFold` makes equal
    /// are one subject (or, in a subject, one topic) to `dose learn`, so the second is refused naming the first.
    struct SyllabusCheck {
        private(set) var problems: [PackProblem] = []
        private(set) var warnings: [PackProblem] = []

        /// The syllabus when it has no problem; nil otherwise.
        mutating func run(_ value: JSONValue) -> Syllabus? {
            guard case .array(let elements) = value else {
                problems.append(PackProblem(field: "syllabus", reason: .notArray(.init(value))))
                return nil
            }
            if elements.count > PackLimits.maxSyllabusSubjects {
                problems.append(PackProblem(
                    field: "syllabus", reason: .tooManySubjects(count: elements.count, limit: PackLimits.maxSyllabusSubjects)))
            }
            var subjects: [Syllabus.Subject] = []
            var firstOfName: [String: SyllabusPlace] = [:]
            var topicCount = 0
            for (index, element) in elements.enumerated() {
                var place = SyllabusPlace(subjectIndex: index)
                guard case .object(let members) = element else {
                    problem(place, nil, .subjectNotObject(.init(element)))
                    continue
                }
                if let name = name(element["subject"], "subject", place) {
                    place.subject = name
                    if let first = firstOfName[TopicFold.fold(name)] {
                        problem(place, "subject", .duplicateSubject(name: JSONWriter.quoted(name), first: first.path))
                    } else {
                        firstOfName[TopicFold.fold(name)] = place
                    }
                }
                warnUnknown(members, subjectFields, place)
                let year = readYear(element["year"], place)
                let tags = PackValidator.readTags(element["tags"]) { problem(place, "tags", $0) }
                let topics = readTopics(element["topics"], place, subjectTags: tags)
                topicCount += element["topics"]?.array?.count ?? 0
                if let name = place.subject, let year, let tags, let topics {
                    subjects.append(Syllabus.Subject(name: name, year: year, tags: tags, topics: topics))
                }
            }
            if topicCount > PackLimits.maxSyllabusTopics {
                problems.append(PackProblem(
                    field: "syllabus", reason: .tooManyTopics(count: topicCount, limit: PackLimits.maxSyllabusTopics)))
            }
            return problems.isEmpty ? Syllabus(subjects: subjects) : nil
        }

        private mutating func problem(_ place: SyllabusPlace, _ field: String?, _ reason: PackProblem.Reason) {
            problems.append(PackProblem(syllabus: place, field: field, reason: reason))
        }

        /// A subject's or topic's name, when it is a string passing the rules of names.
        private mutating func name(_ value: JSONValue?, _ field: String, _ place: SyllabusPlace) -> String? {
            guard let value else {
                problem(place, field, .missingField)
                return nil
            }
            guard case .string(let name) = value else {
                problem(place, field, .notString(.init(value)))
                return nil
            }
            if let reason = ContentRules.nameProblem(name, field: field) {
                problem(place, field, reason)
                return nil
            }
            // `TopicKey` trims what is typed; a name it would change could never be ticked as spelt here.
            if name.first?.isWhitespace == true || name.last?.isWhitespace == true {
                problem(place, field, .nameUntrimmed(field: field, name: JSONWriter.quoted(name)))
                return nil
            }
            return name
        }

        /// nil: invalid; .some(nil): absent; .some(year): 1–6.
        private mutating func readYear(_ value: JSONValue?, _ place: SyllabusPlace) -> Int?? {
            guard let value else { return .some(nil) }
            guard let year = value.int64 else {
                problem(place, "year", .notInteger(.init(value)))
                return nil
            }
            guard year >= PackLimits.syllabusYears.lowerBound, year <= PackLimits.syllabusYears.upperBound else {
                problem(place, "year", .yearOutOfRange(String(year)))
                return nil
            }
            return .some(Int(year))
        }

        /// A subject's topics, when every one is valid; `subjectTags` nil when the subject's own are invalid.
        private mutating func readTopics(
            _ value: JSONValue?, _ subject: SyllabusPlace, subjectTags: [BranchCode]?
        ) -> [Syllabus.Topic]? {
            guard let value else {
                problem(subject, "topics", .missingField)
                return nil
            }
            guard case .array(let elements) = value else {
                problem(subject, "topics", .notArray(.init(value)))
                return nil
            }
            guard !elements.isEmpty else {
                problem(subject, "topics", .noTopics)
                return nil
            }
            let before = problems.count
            var topics: [Syllabus.Topic] = []
            var firstOfName: [String: SyllabusPlace] = [:]
            for (index, element) in elements.enumerated() {
                var place = subject
                place.topicIndex = index
                guard case .object(let members) = element else {
                    problem(place, nil, .topicNotObject(.init(element)))
                    continue
                }
                if let name = name(element["topic"], "topic", place) {
                    place.topic = name
                    if let first = firstOfName[TopicFold.fold(name)] {
                        let firstPlace = "topics[\(first.topicIndex ?? 0)] (\(JSONWriter.quoted(first.topic ?? "")))"
                        problem(place, "topic", .duplicateTopic(name: JSONWriter.quoted(name), first: firstPlace))
                    } else {
                        firstOfName[TopicFold.fold(name)] = place
                    }
                }
                warnUnknown(members, topicFields, place)
                guard let tags = PackValidator.readTags(element["tags"], problem: { problem(place, "tags", $0) }) else { continue }
                if let subjectTags, !subjectTags.isEmpty {
                    let shown = subjectTags.map { JSONWriter.quoted($0.rawValue) }.joined(separator: ", ")
                    for tag in tags where !subjectTags.contains(tag) {
                        problem(place, "tags", .tagOutsideSubject(tag: JSONWriter.quoted(tag.rawValue), subjectTags: shown))
                    }
                }
                if let name = place.topic { topics.append(Syllabus.Topic(name: name, tags: tags)) }
            }
            return problems.count == before ? topics : nil
        }

        /// A warning for each member that is no field of a subject (or a topic), as an item's unknown fields get.
        private mutating func warnUnknown(_ members: [(key: String, value: JSONValue)], _ fields: Set<String>, _ place: SyllabusPlace) {
            for member in members where !fields.contains(member.key) {
                warnings.append(PackProblem(syllabus: place, field: member.key, reason: .unknownField))
            }
        }
    }
}
