/// The part of an item a notification may show: never a question's answer or explanation.
///
/// The copy builder takes a `Teaser`, not an `Item`, so it cannot leak the answer even
/// by mistake: a notification that answers itself gives no reason to open the app.
public struct Teaser: Sendable, Hashable {
    public let kind: Kind
    public let id: String
    public let title: String?
    public let text: String

    /// Keeps the kind, id, title and text of `item`, and nothing else.
    public init(_ item: Item) {
        kind = item.kind
        id = item.id
        title = item.title
        text = item.text
    }
}
