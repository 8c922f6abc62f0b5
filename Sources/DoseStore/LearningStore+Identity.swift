import DoseCore

extension LearningStore {
    /// The spelling a subject and topic already have in the store, matched by `TopicFold`
    /// (case, white space, NFC/NFKC forms); the given spelling when nothing matches.
    ///
    /// The checklist and the artifacts (kept after an untick) are searched, earliest first, so the
    /// first spelling wins. A new topic of a known subject takes the subject's first spelling.
    /// Stores written before topic identity may hold two spellings of one topic: both are kept
    /// (each may hold a deck already paid for) and the earliest is the one a new spelling finds.
    public func resolve(subject: String, topic: String) throws(StoreError) -> (subject: String, topic: String) {
        let statement = try database.connection.prepare("""
            SELECT subject, topic FROM (
                SELECT subject, topic, ticked_at AS since FROM learn_topics
                UNION ALL SELECT subject, topic, created_at FROM learn_artifacts)
            ORDER BY since, subject, topic
            """)
        let wantedSubject = TopicFold.fold(subject)
        let wantedTopic = TopicFold.fold(topic)
        var subjectSpelling: String?
        while try statement.step("looking up the spelling of \"\(subject)\" — \"\(topic)\"") {
            let (s, t) = (statement.text(at: 0) ?? "", statement.text(at: 1) ?? "")
            guard TopicFold.fold(s) == wantedSubject else { continue }
            if TopicFold.fold(t) == wantedTopic { return (s, t) }
            if subjectSpelling == nil { subjectSpelling = s }
        }
        return (subjectSpelling ?? subject, topic)
    }
}
