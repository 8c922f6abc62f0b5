/// A parsed or hand-built JSON value (RFC 8259).
///
/// Numbers keep their lexeme so integers can be range-checked exactly (no trip through
/// `Double`); objects keep their members in document order, so a duplicate key can be
/// represented and noticed instead of silently overwriting the first.
public enum JSONValue: Sendable {
    case null
    case bool(Bool)
    /// The number's lexeme exactly as written (`-12`, `1.5e3`); must follow RFC 8259's grammar.
    case number(String)
    case string(String)
    case array([JSONValue])
    /// Members in document order; duplicate keys are possible in hand-built values.
    case object([(key: String, value: JSONValue)])
}
