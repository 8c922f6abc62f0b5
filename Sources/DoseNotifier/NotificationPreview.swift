import DoseCore

/// What the scheduler would show for one day: when, which item, and the copy.
public struct NotificationPreview: Sendable, Equatable {
    public var date: CivilDate
    public var fireAt: Int64
    public var kind: Kind
    public var copy: NotificationCopy

    /// The preview of `item` for `date`, firing at `fireAt`; the copy never sees the answer.
    public init(item: Item, date: CivilDate, fireAt: Int64, markup: Bool = false, openHint: Bool = false) {
        self.date = date
        self.fireAt = fireAt
        self.kind = item.kind
        let hint = openHint ? Self.openHint(forID: item.id) : nil
        self.copy = CopyBuilder.copy(for: Teaser(item), markup: markup, openHint: hint)
    }

    /// The last line of the body on a server without actions: the item's short code, never its id,
    /// whose authored words (`q-weber-unit`) could give the answer away. `dose show` takes the code.
    static func openHint(forID id: String) -> String {
        "Open it with: dose show \(ShortCode.code(forID: id))"
    }

    /// Human-readable lines for a terminal.
    public func text(zone: some ZoneRules) -> String {
        """
        Fires at: \(zone.iso8601(fireAt)) (\(date))
        Summary:  \(copy.summary)
        Body:     \(copy.body.split(separator: "\n", omittingEmptySubsequences: false).joined(separator: "\n          "))
        Payload:  \(copy.id)
        """
    }

    /// One JSON object: id, kind, date, fireAt (ISO 8601 with offset), summary, body.
    public func json(zone: some ZoneRules) -> String {
        JSONValue.object([
            ("id", .string(copy.id)),
            ("kind", .string(kind.rawValue)),
            ("date", .string(date.description)),
            ("fireAt", .string(zone.iso8601(fireAt))),
            ("summary", .string(copy.summary)),
            ("body", .string(copy.body)),
        ]).serialized(pretty: false)
    }
}
