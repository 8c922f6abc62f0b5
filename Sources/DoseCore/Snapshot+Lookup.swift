extension Snapshot {
    /// The item with exactly this id (compared as UTF-8 bytes, like the store), searched in the
    /// whole unfiltered pool: a click opens what was advertised, whatever the branch is now.
    public func item(id: String) -> Item? {
        items.first { $0.id.utf8.elementsEqual(id.utf8) }
    }
}
