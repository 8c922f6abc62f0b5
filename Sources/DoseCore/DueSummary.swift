/// What the scheduler needs to count the flashcards due at any instant, without the store.
///
/// `dose` mirrors it from the store after every change of review state (`due.json`, beside the snapshot);
/// `dose-notify` counts with it at the moment it fires. It holds instants and numbers only: no subject,
/// topic, front or back, so nothing of a card can reach a notification through it.
///
/// The count is the day's study queue at that instant (`StudyStore.queue`): every studied card whose due
/// time has come, then new cards within the day's limit (`newPerDay`, less the new cards first studied
/// since the local day began), in the queue's topic order; learning cards still waiting out a step are not
/// due yet. So a deck that arrived overnight counts, and twenty ticked topics never announce 400 cards.
public struct DueSummary: Sendable, Equatable {
    /// One ticked topic with a deck.
    public struct Topic: Sendable, Equatable {
        /// When each of its studied cards falls due, earliest first.
        public var due: [Int64]
        /// Its cards never studied.
        public var new: Int

        public init(due: [Int64], new: Int) {
            self.due = due.sorted()
            self.new = new
        }
    }

    /// Cards due at an instant and the topics they are in.
    public struct Count: Sendable, Equatable {
        public var cards: Int
        public var topics: Int

        public init(cards: Int, topics: Int) {
            self.cards = cards
            self.topics = topics
        }
    }

    /// The first member of the file, with its version.
    public static let format = "daily-dose-due/1"
    /// How far back first studies are kept: any day that begins after the newest grade began less than this
    /// before it (48 hours covers the longest civil day), so older ones can never count against a day's limit.
    public static let newStudiedWindow: Int64 = 172_800

    /// New cards a day (`StudyStore.QueuePolicy.newPerDay`).
    public var newPerDay: Int
    /// When new cards were first studied (recent ones only, see `newStudiedWindow`), earliest first.
    public var newStudied: [Int64]
    /// The ticked topics with a deck, in the daily queue's order (subject, then topic).
    public var topics: [Topic]

    public init(newPerDay: Int, newStudied: [Int64], topics: [Topic]) {
        self.newPerDay = newPerDay
        self.newStudied = newStudied.sorted()
        self.topics = topics
    }

    /// Nothing to study: no topic with a deck.
    public static let empty = DueSummary(newPerDay: 0, newStudied: [], topics: [])

    /// The cards the day's queue holds at `instant` and whose time has come, with `dayStart` the start of
    /// that instant's local day: studied cards due by then, and new cards up to the day's remaining allowance
    /// taken topic by topic in order; the topics are those that contribute a card.
    public func count(at instant: Int64, dayStart: Int64) -> Count {
        var allowance = max(0, newPerDay - (newStudied.count - Self.count(in: newStudied) { $0 < dayStart }))
        var count = Count(cards: 0, topics: 0)
        for topic in topics {
            let due = Self.count(in: topic.due) { $0 <= instant }
            let new = min(topic.new, allowance)
            allowance -= new
            count.cards += due + new
            if due + new > 0 { count.topics += 1 }
        }
        return count
    }

    /// `count(at:dayStart:)` with the day's start in `zone` (its first instant at 00:00).
    public func count(at instant: Int64, zone: some ZoneRules) -> Count {
        count(at: instant, dayStart: zone.startOfDay(at: instant))
    }

    /// How many of the sorted `instants` lie before the first one `isEarly` refuses (a binary search).
    private static func count(in instants: [Int64], _ isEarly: (Int64) -> Bool) -> Int {
        var (low, high) = (0, instants.count)
        while low < high {
            let middle = (low + high) / 2
            if isEarly(instants[middle]) { low = middle + 1 } else { high = middle }
        }
        return low
    }
}

extension DueSummary {
    /// Why bytes are not a due summary this build reads (English: our own file, read for a bug report).
    public struct DecodingError: Error, CustomStringConvertible, Equatable, Sendable {
        public let description: String
    }

    /// The file's bytes: one line of compact JSON, `format` first, its keys in a fixed order, so the same
    /// store always gives the same bytes (a mirror compares before it writes).
    public func encoded() -> [UInt8] {
        func instants(_ values: [Int64]) -> JSONValue { .array(values.map { .integer($0) }) }
        let document = JSONValue.object([
            ("format", .string(Self.format)),
            ("newPerDay", .integer(Int64(newPerDay))),
            ("newStudied", instants(newStudied)),
            ("topics", .array(topics.map { .object([("due", instants($0.due)), ("new", .integer(Int64($0.new)))]) })),
        ])
        return Array((document.serialized(pretty: false) + "\n").utf8)
    }

    /// Reads `encoded()`'s bytes strictly: another format or version, a missing, unknown or mistyped
    /// member, a negative count or an unsorted list is refused, naming what is wrong.
    public static func decode(_ bytes: [UInt8]) throws(DecodingError) -> DueSummary {
        let document: JSONValue
        do { document = try JSONParser.parse(bytes, maxDepth: 4) } catch {
            throw DecodingError(description: "due summary is not valid JSON: \(error)")
        }
        guard let members = document.object, members.first?.key == "format" else {
            throw DecodingError(description: "not a due summary: the first field must be \"format\"")
        }
        guard members.first?.value.string == format else {
            throw DecodingError(description: "due summary format \(members.first?.value.string.map(JSONWriter.quoted) ?? "?") is not \(JSONWriter.quoted(format))")
        }
        let known = ["format", "newPerDay", "newStudied", "topics"]
        if let unknown = members.first(where: { !known.contains($0.key) }) {
            throw DecodingError(description: "due summary field \(JSONWriter.quoted(unknown.key)) is unknown")
        }
        let newPerDay = try count(document["newPerDay"], "newPerDay")
        let newStudied = try instants(document["newStudied"], "newStudied")
        guard let topicValues = document["topics"]?.array else {
            throw DecodingError(description: "due summary field \"topics\" is missing or not an array")
        }
        var topics: [Topic] = []
        for (index, value) in topicValues.enumerated() {
            let field = "topics[\(index)]"
            guard let object = value.object, object.count == 2, value["due"] != nil, value["new"] != nil else {
                throw DecodingError(description: "due summary field \(field) must hold exactly \"due\" and \"new\"")
            }
            topics.append(Topic(due: try instants(value["due"], field + ".due"), new: try count(value["new"], field + ".new")))
        }
        return DueSummary(newPerDay: newPerDay, newStudied: newStudied, topics: topics)
    }

    private static func count(_ value: JSONValue?, _ field: String) throws(DecodingError) -> Int {
        guard let number = value?.int64, number >= 0, number <= Int64(Int32.max) else {
            throw DecodingError(description: "due summary field \(JSONWriter.quoted(field)) must be a whole number from 0")
        }
        return Int(number)
    }

    private static func instants(_ value: JSONValue?, _ field: String) throws(DecodingError) -> [Int64] {
        guard let elements = value?.array else {
            throw DecodingError(description: "due summary field \(JSONWriter.quoted(field)) is missing or not an array")
        }
        var result: [Int64] = []
        result.reserveCapacity(elements.count)
        for element in elements {
            guard let instant = element.int64, instant >= (result.last ?? .min) else {
                throw DecodingError(description: "due summary field \(JSONWriter.quoted(field)) must list whole seconds, earliest first")
            }
            result.append(instant)
        }
        return result
    }
}

extension DueSummary.Count {
    /// The notification's line in English, "12 flashcards due in 3 topics" (the dry run's JSON, the tests; the
    /// notification and the app use the translation, DoseSystem's `line`); nil when no card is due.
    public var englishLine: String? {
        guard cards > 0 else { return nil }
        let topicWords = topics == 1 ? "1 topic" : "\(topics) topics"
        return cards == 1 ? "1 flashcard due in \(topicWords)" : "\(cards) flashcards due in \(topicWords)"
    }
}
