/// Writing a snapshot.
extension Snapshot {
    /// The snapshot as UTF-8 JSON: `format` first, then `generatedAt`, `poolDigest`, `count`
    /// and `items` with one item per line; ends with a newline, which decoding requires.
    public func encoded() -> [UInt8] {
        var out = JSONWriter()
        // One allocation for the whole file instead of a doubling array's copies (24 MB at 100,000 items).
        out.reserveCapacity(Snapshot.encodedSizeEstimate(of: items))
        out.appendASCII("{\n  \"format\": ")
        out.appendQuoted(Snapshot.format)
        out.appendASCII(",\n  \"generatedAt\": ")
        out.appendInteger(generatedAt)
        out.appendASCII(",\n  \"poolDigest\": ")
        out.appendQuoted(poolDigest)
        out.appendASCII(",\n  \"count\": ")
        out.appendInteger(Int64(items.count))
        out.appendASCII(",\n  \"items\": [")
        for (index, item) in items.enumerated() {
            out.appendASCII(index == 0 ? "\n    " : ",\n    ")
            Snapshot.write(item, to: &out)
        }
        out.appendASCII(items.isEmpty ? "]\n}\n" : "\n  ]\n}\n")
        return out.bytes
    }

    /// The encoded size when no string needs an escape: the fields' bytes plus the fixed text around them.
    private static func encodedSizeEstimate(of items: [Item]) -> Int {
        var size = 256
        for item in items {
            // Field names, quotes, separators and the sort key (at most 20 digits): under 150 bytes.
            size += 150 + item.id.utf8.count + item.text.utf8.count + item.tags.count * 5
            size += (item.title?.utf8.count ?? 0) + (item.answer?.utf8.count ?? 0) + (item.explanation?.utf8.count ?? 0)
        }
        return size
    }

    /// One item as a single-line object, fields in `Item`'s order, nil fields omitted.
    private static func write(_ item: Item, to out: inout JSONWriter) {
        out.appendASCII("{\"id\":")
        out.appendQuoted(item.id)
        out.appendASCII(",\"kind\":")
        out.appendQuoted(item.kind.rawValue)
        out.appendASCII(",\"sortKey\":")
        out.appendInteger(item.sortKey)
        out.appendASCII(",\"tags\":[")
        for (i, tag) in item.tags.enumerated() {
            if i > 0 { out.appendASCII(",") }
            out.appendQuoted(tag.rawValue)
        }
        out.appendASCII("]")
        if let title = item.title {
            out.appendASCII(",\"title\":")
            out.appendQuoted(title)
        }
        out.appendASCII(",\"text\":")
        out.appendQuoted(item.text)
        if let answer = item.answer {
            out.appendASCII(",\"answer\":")
            out.appendQuoted(answer)
        }
        if let explanation = item.explanation {
            out.appendASCII(",\"explanation\":")
            out.appendQuoted(explanation)
        }
        out.appendASCII("}")
    }
}
