/// A pack's syllabus: the subjects of a course and their topics, each tagged for branches like items
/// (no tags: common, for every branch). What the Learn view and `dose learn syllabus` offer to tick.
///
/// Names are `dose learn tick SUBJECT TOPIC`'s: they passed `ContentRules.nameProblem` in the pack, are
/// trimmed, and are unique as `TopicFold` compares them (subjects in the syllabus, topics in their subject).
public struct Syllabus: Sendable, Equatable {
    /// A topic of a subject.
    public struct Topic: Sendable, Equatable {
        public var name: String
        /// The branches the topic is for, within its subject's (empty: every branch its subject is for).
        public var tags: [BranchCode]

        public init(name: String, tags: [BranchCode] = []) {
            self.name = name
            self.tags = tags
        }
    }

    /// A subject and its topics, in the pack's order.
    public struct Subject: Sendable, Equatable {
        public var name: String
        /// The year of study it is taught in (1–6), when the pack says.
        public var year: Int?
        /// The branches the subject is for (empty: every branch).
        public var tags: [BranchCode]
        public var topics: [Topic]

        public init(name: String, year: Int? = nil, tags: [BranchCode] = [], topics: [Topic]) {
            self.name = name
            self.year = year
            self.tags = tags
            self.topics = topics
        }
    }

    /// The subjects in the pack's order.
    public var subjects: [Subject]

    public init(subjects: [Subject] = []) {
        self.subjects = subjects
    }

    public var isEmpty: Bool { subjects.isEmpty }

    /// The number of topics of every subject.
    public var topicCount: Int { subjects.reduce(0) { $0 + $1.topics.count } }

    /// What `audience` is offered, grouped for showing: a topic is kept when its subject's tags and its own
    /// both admit the audience (`Audience.includes`; so common only keeps the topics untagged at both levels),
    /// a subject left with no topic is dropped, and the subjects are ordered by year (those without one
    /// last), the pack's order within a year. Topics keep the pack's order (a course's).
    public func shown(to audience: Audience) -> Syllabus {
        let kept = subjects.compactMap { subject -> Subject? in
            guard audience.includes(tags: subject.tags) else { return nil }
            var subject = subject
            subject.topics.removeAll { !audience.includes(tags: $0.tags) }
            return subject.topics.isEmpty ? nil : subject
        }
        // Stable: the pack's position breaks ties within a year.
        let ordered = kept.enumerated().sorted { a, b in
            let (yearA, yearB) = (a.element.year ?? Int.max, b.element.year ?? Int.max)
            return yearA != yearB ? yearA < yearB : a.offset < b.offset
        }
        return Syllabus(subjects: ordered.map(\.element))
    }

    /// `fnv1a64:` and 16 hex digits over every name, year and tag: any change to the syllabus, the order of
    /// its subjects and topics included (that order is shown), changes it; the order of tags does not (it
    /// changes nothing shown). For the store's bookkeeping (`PoolStore`).
    public var digest: String {
        var hash = FNV1a()
        hash.add(word: UInt64(subjects.count))
        for subject in subjects {
            hash.add(field: 1, subject.name)
            hash.add(field: 2, subject.year.map(String.init))
            Self.add(subject.tags, to: &hash)
            hash.add(word: UInt64(subject.topics.count))
            for topic in subject.topics {
                hash.add(field: 4, topic.name)
                Self.add(topic.tags, to: &hash)
            }
        }
        return "fnv1a64:" + hash.hex
    }

    private static func add(_ tags: [BranchCode], to hash: inout FNV1a) {
        hash.add(byte: 3)
        hash.add(word: UInt64(tags.count))
        for tag in tags.sorted() { hash.add(field: 5, tag.rawValue) }
    }
}
