import DoseCore

extension PoolStore {
    /// The syllabus stored with the pool, in the pack's order (tags in `BranchCode` order); empty when the
    /// pack had none. Read in one read transaction, so a pool replaced meanwhile is never half seen.
    public func loadSyllabus() throws(StoreError) -> Syllabus {
        let connection = database.connection
        return try connection.readTransaction("reading the syllabus of \(database.path)") { () throws(StoreError) -> Syllabus in
            var subjects: [Syllabus.Subject] = []
            var subjectAt: [Int64: Int] = [:]
            let subjectRows = try connection.prepare("SELECT position, subject, year FROM syllabus_subjects ORDER BY position")
            while try subjectRows.step("reading the syllabus's subjects") {
                subjectAt[subjectRows.int64(at: 0)] = subjects.count
                subjects.append(Syllabus.Subject(
                    name: subjectRows.text(at: 1) ?? "", year: subjectRows.isNull(at: 2) ? nil : Int(subjectRows.int64(at: 2)), topics: []))
            }
            let subjectTags = try connection.prepare("SELECT subject_position, tag FROM syllabus_subject_tags ORDER BY 1, 2")
            while try subjectTags.step("reading the syllabus's subject tags") {
                guard let index = subjectAt[subjectTags.int64(at: 0)] else { continue }
                subjects[index].tags.append(try Self.tag(subjectTags.text(at: 1), of: subjects[index].name))
            }
            var topicAt: [[Int64]: (subject: Int, topic: Int)] = [:]
            let topicRows = try connection.prepare("SELECT subject_position, position, topic FROM syllabus_topics ORDER BY 1, 2")
            while try topicRows.step("reading the syllabus's topics") {
                guard let index = subjectAt[topicRows.int64(at: 0)] else { continue }
                topicAt[[topicRows.int64(at: 0), topicRows.int64(at: 1)]] = (index, subjects[index].topics.count)
                subjects[index].topics.append(Syllabus.Topic(name: topicRows.text(at: 2) ?? ""))
            }
            let topicTags = try connection.prepare("SELECT subject_position, topic_position, tag FROM syllabus_topic_tags ORDER BY 1, 2, 3")
            while try topicTags.step("reading the syllabus's topic tags") {
                guard let (subject, topic) = topicAt[[topicTags.int64(at: 0), topicTags.int64(at: 1)]] else { continue }
                let name = subjects[subject].topics[topic].name
                subjects[subject].topics[topic].tags.append(try Self.tag(topicTags.text(at: 2), of: name))
            }
            return Syllabus(subjects: subjects)
        }
    }

    /// Replaces the stored syllabus with `syllabus`, inside `replacePool`'s transaction (foreign keys off:
    /// every table is emptied here, and checked before the commit there).
    func writeSyllabus(_ syllabus: Syllabus) throws(StoreError) {
        let connection = database.connection
        for table in ["syllabus_topic_tags", "syllabus_topics", "syllabus_subject_tags", "syllabus_subjects"] {
            try connection.execute("DELETE FROM \(table)", "deleting the old syllabus (\(table))")
        }
        guard !syllabus.isEmpty else { return }
        let insertSubject = try connection.prepare("INSERT INTO syllabus_subjects (position, subject, year) VALUES (?1, ?2, ?3)")
        let insertSubjectTag = try connection.prepare("INSERT INTO syllabus_subject_tags (subject_position, tag) VALUES (?1, ?2)")
        let insertTopic = try connection.prepare("INSERT INTO syllabus_topics (subject_position, position, topic) VALUES (?1, ?2, ?3)")
        let insertTopicTag = try connection.prepare(
            "INSERT INTO syllabus_topic_tags (subject_position, topic_position, tag) VALUES (?1, ?2, ?3)")
        for (position, subject) in syllabus.subjects.enumerated() {
            let described = "subject \(String(reflecting: subject.name)) of the syllabus"
            try insertSubject.bind(Int64(position), at: 1)
            try insertSubject.bind(subject.name, at: 2)
            if let year = subject.year { try insertSubject.bind(Int64(year), at: 3) } else { try insertSubject.bindNull(at: 3) }
            _ = try insertSubject.step("inserting \(described)")
            insertSubject.reset()
            for tag in subject.tags {
                try insertSubjectTag.bind(Int64(position), at: 1)
                try insertSubjectTag.bind(tag.rawValue, at: 2)
                _ = try insertSubjectTag.step("inserting tag \(tag) of \(described)")
                insertSubjectTag.reset()
            }
            for (topicPosition, topic) in subject.topics.enumerated() {
                let topicDescribed = "topic \(String(reflecting: topic.name)) of \(described)"
                try insertTopic.bind(Int64(position), at: 1)
                try insertTopic.bind(Int64(topicPosition), at: 2)
                try insertTopic.bind(topic.name, at: 3)
                _ = try insertTopic.step("inserting \(topicDescribed)")
                insertTopic.reset()
                for tag in topic.tags {
                    try insertTopicTag.bind(Int64(position), at: 1)
                    try insertTopicTag.bind(Int64(topicPosition), at: 2)
                    try insertTopicTag.bind(tag.rawValue, at: 3)
                    _ = try insertTopicTag.step("inserting tag \(tag) of \(topicDescribed)")
                    insertTopicTag.reset()
                }
            }
        }
    }

    /// A stored tag as a `BranchCode`; the CHECK constraint makes anything else impossible, short of a damaged file.
    private static func tag(_ text: String?, of name: String) throws(StoreError) -> BranchCode {
        guard let text, let code = BranchCode(exactly: text) else {
            throw StoreError(
                sqliteCode: nil, message: "malformed tag \(String(reflecting: text ?? "")) of \(String(reflecting: name)) in the syllabus",
                operation: "reading the syllabus")
        }
        return code
    }
}
