import DoseCore
import DoseSystem

/// What the scheduler would show for one day: when, which item, and the copy.
public struct NotificationPreview: Sendable, Equatable {
    public var date: CivilDate
    public var fireAt: Int64
    public var kind: Kind
    /// The flashcards due at `fireAt`, counted from the due summary (none without one).
    public var due: DueSummary.Count
    public var copy: NotificationCopy

    /// The preview of `item` for `date`, firing at `fireAt`; the copy never sees the answer. `words` are
    /// the copy's (English for `--json`, the user's language for the notification and its text preview),
    /// and so is the line of `due` flashcards the body gets when there are any.
    public init(
        item: Item, date: CivilDate, fireAt: Int64, due: DueSummary.Count = .init(cards: 0, topics: 0),
        markup: Bool = false, openHint: Bool = false, words: CopyBuilder.Words = .english
    ) {
        self.date = date
        self.fireAt = fireAt
        self.kind = item.kind
        self.due = due
        let hint = openHint ? Self.openHint(forID: item.id) : nil
        let dueLine = words == .english ? due.englishLine : due.line
        self.copy = CopyBuilder.copy(for: Teaser(item), markup: markup, dueLine: dueLine, openHint: hint, words: words)
    }

    /// The last line of the body on a server without actions: the item's short code, never its id,
    /// whose authored words (`q-weber-unit`) could give the answer away. `dose show` takes the code.
    static func openHint(forID id: String) -> String {
        // TRANSLATORS: the last line of a notification on a server without buttons; `dose show` is a command.
        tr("Open it with: dose show {code}", ["code": ShortCode.code(forID: id)])
    }

    /// Human-readable lines for a terminal, their headers in the user's language and the values lined up
    /// one column after the widest header.
    public func text(zone: some ZoneRules) -> String {
        let rows = [
            // TRANSLATORS: the headers of `dose-notify --dry-run`, lined up by the program.
            (tr("Fires at:"), "\(zone.iso8601(fireAt)) (\(date))"),
            (tr("Summary:"), copy.summary),
            (tr("Body:"), copy.body),
            (tr("Payload:"), copy.id),
        ]
        let column = (rows.map { DisplayWidth.of($0.0) }.max() ?? 0) + 1
        let indent = String(repeating: " ", count: column)
        return rows.map { header, value in
            let pad = String(repeating: " ", count: column - DisplayWidth.of(header))
            return header + pad + value.split(separator: "\n", omittingEmptySubsequences: false).joined(separator: "\n" + indent)
        }.joined(separator: "\n")
    }

    /// One JSON object: id, kind, date, fireAt (ISO 8601 with offset), summary, body, and the flashcards
    /// due at fireAt (`due`: cards and topics, zeros without a summary).
    public func json(zone: some ZoneRules) -> String {
        JSONValue.object([
            ("id", .string(copy.id)),
            ("kind", .string(kind.rawValue)),
            ("date", .string(date.description)),
            ("fireAt", .string(zone.iso8601(fireAt))),
            ("summary", .string(copy.summary)),
            ("body", .string(copy.body)),
            ("due", .object([("cards", .integer(Int64(due.cards))), ("topics", .integer(Int64(due.topics)))])),
        ]).serialized(pretty: false)
    }
}
