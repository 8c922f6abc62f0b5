import DoseTestSupport
import Foundation
import Testing
@testable import DoseCore

/// The bundled pack as a student meets it: enough items of each branch's own, a semester
/// before the first repeat, and no notification that loses its key number to the cut.
@Suite(.timeLimit(.minutes(5)), .watched) struct SamplePackTests {
    static let branches = ["CS", "EE", "EC", "ME", "CE", "CH"]
    /// About a semester: the floor for the first repeat.
    static let minimumRepeatDays = 180

    static func items() throws -> [Item] {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let bytes = try [UInt8](Data(contentsOf: root.appendingPathComponent("content/sample-pack.json")))
        let report = PackValidator.validate(bytes)
        try #require(report.isValid, "\(report.problems)")
        return report.items
    }

    static func code(_ text: String) -> BranchCode { BranchCode(exactly: text)! }

    /// The bundled syllabus as the validator takes it: no problem, no warning, at least 30 common topics, and for
    /// every branch all of those plus at least 30 of its own over its two years (the floor).
    @Test func everyBranchIsOfferedThirtySyllabusTopics() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let report = PackValidator.validate(try [UInt8](Data(contentsOf: root.appendingPathComponent("content/sample-pack.json"))))
        try #require(report.isValid, "\(report.problems)")
        #expect(report.warnings.isEmpty, "\(report.warnings)")
        let common = report.syllabus.shown(to: .commonOnly)
        #expect(common.topicCount >= 30)
        for branch in Self.branches {
            let offered = report.syllabus.shown(to: .branch(Self.code(branch)))
            #expect(offered.topicCount - common.topicCount >= 30, "\(branch) is offered \(offered.topicCount) topics")
            #expect(Set(offered.subjects.compactMap(\.year)) == [1, 2], "\(branch)")
            let names = Set(offered.subjects.flatMap { subject in subject.topics.map { subject.name + "/" + $0.name } })
            #expect(common.subjects.allSatisfy { subject in subject.topics.allSatisfy { names.contains(subject.name + "/" + $0.name) } })
        }
    }

    @Test func everyBranchHasTwentyItemsOfItsOwn() throws {
        let items = try Self.items()
        for branch in Self.branches {
            let own = items.filter { $0.tags.contains(Self.code(branch)) }.count
            #expect(own >= 20, "\(branch) has \(own) items of its own")
        }
    }

    /// The shortest gap between two days showing the same item, found by resolving day after
    /// day (nil when nothing repeats in the window).
    static func shortestRepeat(in items: [Item], audience: Audience, days: Range<Int>) -> Int? {
        let audience = Resolver.audience(of: items, for: audience)
        var lastSeen: [String: Int] = [:]
        var shortest: Int?
        for day in days {
            guard let item = Resolver.resolve(audience, on: CivilDate(daysSinceEpoch: day)) else { continue }
            if let previous = lastSeen[item.id] { shortest = min(shortest ?? .max, day - previous) }
            lastSeen[item.id] = day
        }
        return shortest
    }

    /// Every branch, common only and no branch go at least a semester before any item comes back.
    ///
    /// Each item comes back exactly every 3 × (its kind's count) days, so a 700-day window (from
    /// two different starts, one before 1970) sees every gap shorter than about 697 days: the
    /// shortest gap it finds is the real one.
    @Test func firstRepeatComesAfterASemesterForEveryAudience() throws {
        let items = try Self.items()
        let audiences: [Audience] = [.everyone, .commonOnly] + Self.branches.map { .branch(Self.code($0)) }
        for start in [try #require(CivilDate(iso: "2026-09-01")).daysSinceEpoch, -1_000] {
            for audience in audiences {
                let gap = Self.shortestRepeat(in: items, audience: audience, days: start..<(start + 700))
                let shortest = try #require(gap, "\(audience): nothing repeats in 700 days")
                #expect(shortest >= Self.minimumRepeatDays, "\(audience): an item comes back after \(shortest) days")
            }
        }
    }

    /// The shortest-gap helper itself: a pool with one item of each kind repeats every 3 days.
    @Test func shortestRepeatOfATinyPoolIsThreeDays() {
        let pool = [Kind.fact, .formula, .question].map { Item(id: "\($0)", kind: $0, text: "x") }
        #expect(Self.shortestRepeat(in: pool, audience: .everyone, days: 0..<30) == 3)
    }

    /// Whether `body` (cut with "…") splits a token that holds a digit of `full`.
    static func cutsInsideANumber(body: String, full: String) -> Bool {
        guard body.hasSuffix("…"), body != full else { return false }
        let kept = String(body.dropLast())
        guard full.hasPrefix(kept), let last = kept.last, !last.isWhitespace else { return false }
        let rest = full.dropFirst(kept.count)
        guard let next = rest.first, !next.isWhitespace else { return false }
        let left = kept.reversed().prefix { !$0.isWhitespace }
        let right = rest.prefix { !$0.isWhitespace }
        return (left + right).contains { $0.isNumber }
    }

    @Test func theNumberCheckSeesACutNumber() {
        #expect(Self.cutsInsideANumber(body: "the sum is 0.3000…", full: "the sum is 0.30000000000000004."))
        #expect(Self.cutsInsideANumber(body: "about 6.…", full: "about 6.24 units"))
        #expect(!Self.cutsInsideANumber(body: "the sum is …", full: "the sum is 0.3 exactly"))
        #expect(!Self.cutsInsideANumber(body: "a short body", full: "a short body"))
        #expect(!Self.cutsInsideANumber(body: "about 6.24 unit…", full: "about 6.24 units"))
    }

    /// A cut body ends a fact early or leaves a question unanswerable: every body fits whole.
    @Test func everyNotificationBodyFitsUncut() throws {
        for item in try Self.items() {
            let teaser = Teaser(item)
            let body = CopyBuilder.copy(for: teaser, markup: false).body
            let full = CopyBuilder.copy(for: teaser, markup: false, maxBodyLength: 100_000).body
            #expect(body == full, "\(item.id) is cut: \(body)")
        }
    }

    /// Through the real copy builder, as the scheduler sends it: no body is cut inside a number.
    @Test func noNotificationBodyIsCutInsideANumber() throws {
        for item in try Self.items() {
            let teaser = Teaser(item)
            let body = CopyBuilder.copy(for: teaser, markup: false).body
            let full = CopyBuilder.copy(for: teaser, markup: false, maxBodyLength: 100_000).body
            #expect(!Self.cutsInsideANumber(body: body, full: full), "\(item.id): \(body)")
        }
    }
}
