import DoseApp
import DoseCore
import DoseLearning
import DoseStore
import DoseSystem

/// The Learn view as the syllabus's checklist: the pack's subjects and topics for the student's branch (by
/// year, in the pack's order), each topic a row ticked or not, merged with what is on the list.
///
/// A syllabus topic already on the list (in any spelling `dose learn` takes for it) is that entry's row, with its
/// state line; the others are offered unticked, under the pack's names, so ticking one is `dose learn tick`
/// with those names (`LearnChecklist.tick`). Topics typed beyond the syllabus keep their rows: under their
/// syllabus subject when it has one, otherwise in a group of their own after the years.
public enum LearnSyllabus {
    /// `overview`'s subjects rearranged around `syllabus` as `audience` is offered it (`Syllabus.shown`), the
    /// search applied to the offered topics as the overview applies it to the listed ones. The syllabus's
    /// subjects come first, each in its `LearnSubject.group` (its year, or "Other subjects"); the subjects only
    /// on the list follow, grouped as "Your own topics" when there is a syllabus at all.
    public static func merge(_ overview: LearnOverview, syllabus: Syllabus, audience: Audience, search: String = "") -> LearnOverview {
        let offered = syllabus.shown(to: audience)
        guard !offered.isEmpty else { return overview }
        let query = search.trimmingSpaces
        // The listed rows by `dose learn`'s identity, and which of them the syllabus places.
        var listed: [String: LearnTopic] = [:]
        for row in overview.subjects.flatMap(\.topics) { listed[identity(row.key.subject, row.key.topic)] = row }
        var placed: Set<String> = []
        var subjects: [LearnSubject] = []
        for subject in offered.subjects {
            var rows: [LearnTopic] = []
            for topic in subject.topics {
                let id = identity(subject.name, topic.name)
                if let row = listed[id] {
                    rows.append(row)
                    placed.insert(id)
                } else if let key = try? TopicKey(subject: subject.name, topic: topic.name),
                    query.isEmpty || SearchFold.contains(key.subject, query) || SearchFold.contains(key.topic, query)
                {
                    // TRANSLATORS: the state line of a syllabus topic the student has not ticked.
                    rows.append(LearnTopic(unticked: key, stateText: tr("not covered yet: tick it once your course has")))
                }
            }
            // Topics typed under this subject beyond its syllabus, after the syllabus's own.
            let subjectFold = TopicFold.fold(subject.name)
            for row in overview.subjects.flatMap(\.topics) where TopicFold.fold(row.key.subject) == subjectFold {
                let id = identity(row.key.subject, row.key.topic)
                if !placed.contains(id) {
                    rows.append(row)
                    placed.insert(id)
                }
            }
            guard !rows.isEmpty else { continue }
            subjects.append(LearnSubject(name: subject.name, topics: rows, group: group(of: subject.year)))
        }
        for subject in overview.subjects {
            let rows = subject.topics.filter { !placed.contains(identity($0.key.subject, $0.key.topic)) }
            // TRANSLATORS: the Learn view's group of topics typed by the student, outside the syllabus.
            if !rows.isEmpty { subjects.append(LearnSubject(name: subject.name, topics: rows, group: tr("Your own topics"))) }
        }
        return LearnOverview(
            subjects: subjects, ticked: overview.ticked, due: overview.due, new: overview.new, searching: overview.searching,
            queue: overview.queue, background: overview.background)
    }

    /// The heading of a syllabus subject's group: "Year 1", or "Other subjects" for one without a year.
    static func group(of year: Int?) -> String {
        // The words of `dose learn syllabus`'s headings.
        year.map { tr("Year {year}", ["year": $0]) } ?? tr("Other subjects")
    }

    /// A topic's identity as `dose learn` compares names (`TopicFold`); U+001F cannot occur in a name.
    private static func identity(_ subject: String, _ topic: String) -> String {
        TopicFold.fold(subject) + "\u{1F}" + TopicFold.fold(topic)
    }
}

extension LearnChecklist {
    /// The store's syllabus (empty when the pack had none); read on this connection, in one read transaction.
    public func syllabus() throws(ServiceFailure) -> Syllabus {
        do { return try PoolStore(database: database).loadSyllabus() } catch {
            throw ServiceFailure(tr("The syllabus can't be read."), detail: "cannot read the syllabus from \(paths.database): \(error)")
        }
    }

    /// `overview` as the syllabus's checklist for `audience` (the configured branch: `DesktopPool.audience`).
    public func overview(
        now: Int64, zone: some ZoneRules, provider: LearnProvider, online: Bool, background: BackgroundQueue = .running,
        search: String = "", audience: Audience
    ) throws(ServiceFailure) -> LearnOverview {
        let listed = try overview(now: now, zone: zone, provider: provider, online: online, background: background, search: search)
        return LearnSyllabus.merge(listed, syllabus: try syllabus(), audience: audience, search: search)
    }
}
