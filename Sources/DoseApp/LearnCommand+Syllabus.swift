import DoseCore
import DoseLearning
import DoseStore
import DoseSystem

extension LearnCommand {
    /// `dose learn syllabus [--branch CODE | --all] [--json]`: the pack's syllabus for the configured branch (or
    /// the one given; `common` the topics for every branch only; `--all` every topic), by year and subject, each
    /// topic with its state when ticked. Exit status 1 when there is nothing to list.
    func syllabus(_ arguments: inout Arguments) throws(CommandError) {
        let json = arguments.flag(.json)
        let everyone = arguments.flag(.all)
        let branchText = try arguments.option(.branch)
        try arguments.finish()
        let audience = try resolveAudience(branchText, everyone: everyone, context: context)
        let store = try LearnSetup.store(context)
        let syllabus = try loadSyllabus(PoolStore(database: store.database))
        guard !syllabus.isEmpty else {
            throw CommandError(tr("the pool has no syllabus: its pack holds none (see daily-dose-pack(5))"), exitCode: .failure)
        }
        let (ticked, queue) = try statuses(store)
        let listing = SyllabusListing(syllabus, audience: audience, statuses: ticked)
        guard !listing.subjects.isEmpty else {
            let message = switch audience {
            case .everyone: tr("the syllabus has no topics")
            case .commonOnly: tr("the syllabus has no topics common to every branch")
            case .branch(let code): tr("the syllabus has no topics for branch {branch}", ["branch": code])
            }
            throw CommandError(message, exitCode: .failure)
        }
        Console.print(
            json ? SyllabusPrinter.json(listing, queue: queue, zone: context.zone)
                : SyllabusPrinter.text(listing, queue: queue, now: context.now, zone: context.zone),
            terminator: "")
    }
}

/// Renders `dose learn syllabus`.
enum SyllabusPrinter {
    /// JSON Lines, one object per subject in the listing's order: subject, year (or null), tags, and its
    /// topics, each with topic, tags, ticked and state (`dose learn list --json`'s, null when not ticked), and
    /// `queue`: what holds every ticked topic, as on `dose learn list --json`'s lines (null when nothing does).
    static func json(_ listing: SyllabusListing, queue: QueueCondition?, zone: some ZoneRules) -> String {
        let condition = LearnPrinter.queueJSON(queue, zone: zone)
        func tags(_ codes: [BranchCode]) -> JSONValue { .array(codes.map { .string($0.rawValue) }) }
        return listing.subjects.map { subject in
            JSONValue.object([
                ("subject", .string(subject.name)),
                ("year", subject.year.map { .integer(Int64($0)) } ?? .null),
                ("tags", tags(subject.tags)),
                ("topics", .array(subject.topics.map { topic in
                    .object([
                        ("topic", .string(topic.name)),
                        ("tags", tags(topic.tags)),
                        ("ticked", .bool(topic.isTicked)),
                        ("state", topic.status.map { .string($0.state.rawValue) } ?? .null),
                    ])
                })),
                ("queue", condition),
            ]).serialized(pretty: false) + "\n"
        }.joined()
    }

    /// A heading with the counts, then per year (when any subject has one) the subjects, each topic a check
    /// line with its state in `LearnWords`' words; what holds every ticked topic is said once, after the heading.
    /// Tags are shown only for `--all`, where they tell who has what.
    static func text(_ listing: SyllabusListing, queue: QueueCondition?, now: Int64, zone: some ZoneRules) -> String {
        let (ticked, count) = (listing.tickedCount, listing.topicCount)
        let heading = switch listing.audience {
        case .everyone: tr("Syllabus, every branch: {ticked} of {count} topics ticked", ["ticked": ticked, "count": count])
        case .commonOnly:
            tr("Syllabus, the topics common to every branch: {ticked} of {count} ticked", ["ticked": ticked, "count": count])
        case .branch(let code):
            tr("Syllabus for branch {branch}: {ticked} of {count} topics ticked", ["branch": code, "ticked": ticked, "count": count])
        }
        var lines = [heading]
        if let queue, listing.tickedCount > 0 { lines.append(LearnWords.queue(queue, now: now, zone: zone)) }
        let showsTags = listing.audience == .everyone
        let byYear = listing.subjects.contains { $0.year != nil }
        var year: Int??
        for subject in listing.subjects {
            if byYear, year != .some(subject.year) {
                year = .some(subject.year)
                lines.append(subject.year.map { tr("Year {year}", ["year": $0]) } ?? tr("Other subjects"))
            }
            lines.append("  " + subject.name + (showsTags ? tagged(subject.tags) : ""))
            for topic in subject.topics {
                var line = "    " + (topic.isTicked ? "[x] " : "[ ] ") + topic.name + (showsTags ? tagged(topic.tags) : "")
                if let status = topic.status {
                    line += ": " + LearnWords.state(status.state)
                    let details = LearnWords.details(status, now: now, zone: zone)
                    if !details.isEmpty { line += " (" + details.joined(separator: "; ") + ")" }
                }
                lines.append(line)
            }
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// ` [EE, EC]` for tags, nothing for none (for every branch).
    private static func tagged(_ tags: [BranchCode]) -> String {
        tags.isEmpty ? "" : " [" + tags.map(\.rawValue).joined(separator: ", ") + "]"
    }
}
