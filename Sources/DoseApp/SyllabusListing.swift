import DoseCore
import DoseLearning
import DoseStore
import DoseSystem

/// The pack's syllabus for an audience with each topic's learning state: what `dose learn syllabus` prints
/// and the app's Learn view shows as its checklist.
///
/// Subjects come grouped by year (those without one last), in the pack's order within a year, each with
/// the topics the audience is offered (`Syllabus.shown(to:)`). A topic is ticked when the learning store
/// has it in any spelling `TopicFold` makes equal (the spelling a tick resolves to), so a syllabus topic
/// ticked before under another case or spacing still shows as ticked. Ticking one is `LearnActions.tick`
/// with its `key`, exactly as `dose learn tick SUBJECT TOPIC` with the syllabus's names.
///
/// Usage (the Learn view, with the statuses its checklist already computed):
///
///     let syllabus = try DesktopPool(paths: paths, now: now, zone: zone).syllabus()
///     let listing = SyllabusListing(syllabus, audience: try pool.audience(), statuses: statuses)
///     for subject in listing.subjects { for topic in subject.topics { row(topic.name, checked: topic.isTicked) } }
public struct SyllabusListing: Sendable, Equatable {
    /// A topic as offered: its names, its tags, and its state when ticked.
    public struct Topic: Sendable, Equatable {
        public let name: String
        /// The topic's own tags (its subject's are on the subject).
        public let tags: [BranchCode]
        /// The subject and topic as `dose learn tick` takes them: the syllabus's spelling.
        public let key: TopicKey
        /// Its state as `dose learn list` reports it, when ticked; nil when not on the list.
        public let status: TopicStatus?

        public var isTicked: Bool { status != nil }
    }

    /// A subject and its topics for the audience.
    public struct Subject: Sendable, Equatable {
        public let name: String
        public let year: Int?
        public let tags: [BranchCode]
        public let topics: [Topic]
    }

    public let audience: Audience
    public let subjects: [Subject]

    /// `syllabus` as `audience` is offered it, each topic with its status among `statuses` (`dose learn
    /// list`'s, one per ticked topic).
    public init(_ syllabus: Syllabus, audience: Audience, statuses: [TopicStatus]) {
        self.audience = audience
        var byName: [FoldedName: TopicStatus] = [:]
        for status in statuses where byName[FoldedName(status.subject, status.topic)] == nil {
            byName[FoldedName(status.subject, status.topic)] = status
        }
        subjects = syllabus.shown(to: audience).subjects.map { subject in
            Subject(name: subject.name, year: subject.year, tags: subject.tags, topics: subject.topics.compactMap { topic in
                // The pack's names passed TopicKey's rules; a store damaged by hand could hold others, left out.
                guard let key = try? TopicKey(subject: subject.name, topic: topic.name) else { return nil }
                return Topic(name: topic.name, tags: topic.tags, key: key, status: byName[FoldedName(subject.name, topic.name)])
            })
        }
    }

    /// The topics offered.
    public var topicCount: Int { subjects.reduce(0) { $0 + $1.topics.count } }

    /// The topics offered that are ticked.
    public var tickedCount: Int { subjects.reduce(0) { $0 + $1.topics.filter(\.isTicked).count } }

    /// A subject and topic as `dose learn` compares them.
    private struct FoldedName: Hashable {
        let subject: String
        let topic: String

        init(_ subject: String, _ topic: String) {
            self.subject = TopicFold.fold(subject)
            self.topic = TopicFold.fold(topic)
        }
    }
}

extension DesktopPool {
    /// The syllabus stored with the pool (empty when its pack has none), read without writing to the store.
    public func syllabus() throws(CommandError) -> Syllabus {
        let database: Database
        do { database = try Database(path: paths.database, access: .readOnlyBesideWriters) } catch {
            throw storeFailure(tr("cannot open the store {path}", ["path": paths.database]), error)
        }
        return try loadSyllabus(PoolStore(database: database))
    }
}

/// The syllabus of `store`, a failure as a command reports it.
func loadSyllabus(_ store: PoolStore) throws(CommandError) -> Syllabus {
    do { return try store.loadSyllabus() } catch {
        throw storeFailure(tr("cannot read the syllabus from {path}", ["path": store.database.path]), error)
    }
}
