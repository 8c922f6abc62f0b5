/// Text folded for matching: lower-cased, accents removed, so `Ampère` and `ampere`, `Schrödinger`
/// and `SCHRODINGER` are the same. Our own small table: the standard library has no Unicode
/// normalisation, and Foundation is not used.
public enum SearchFold {
    /// `text` lower-cased (Unicode lower-case mapping) with combining marks dropped and the Latin
    /// letters that carry an accent (precomposed, Latin-1 Supplement and Latin Extended-A) replaced
    /// by their base letter; `ß` becomes `ss`, `æ` `ae`, `œ` `oe`, `ĳ` `ij`.
    public static func fold(_ text: String) -> String {
        // Most of a pack is ASCII: lower-case its bytes without a table lookup per character.
        if text.utf8.allSatisfy({ $0 < 0x80 }) {
            return String(decoding: text.utf8.map { (0x41...0x5A).contains($0) ? $0 | 0x20 : $0 }, as: UTF8.self)
        }
        var out = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            if scalar.isASCII {
                out.append((0x41...0x5A).contains(scalar.value) ? Unicode.Scalar(UInt8(scalar.value) | 0x20) : scalar)
                continue
            }
            for lower in scalar.properties.lowercaseMapping.unicodeScalars {
                if lower.properties.generalCategory == .nonspacingMark { continue }
                if let base = latin[lower.value] {
                    out.append(contentsOf: base.unicodeScalars)
                } else {
                    out.append(lower)
                }
            }
        }
        return String(out)
    }

    /// True when `needle` folded is found in `haystack` folded.
    public static func contains(_ haystack: String, _ needle: String) -> Bool {
        contains(folded: fold(haystack), wanted: Array(fold(needle).utf8))
    }

    /// True when the folded text holds the folded words' bytes (UTF-8 is self-synchronising, so a
    /// byte match is a character match).
    static func contains(folded text: String, wanted: [UInt8]) -> Bool {
        guard !wanted.isEmpty else { return true }
        var text = text
        return text.withUTF8 { bytes in
            guard bytes.count >= wanted.count else { return false }
            let first = wanted[0]
            var start = 0
            while start <= bytes.count - wanted.count {
                if bytes[start] == first {
                    var offset = 1
                    while offset < wanted.count && bytes[start + offset] == wanted[offset] { offset += 1 }
                    if offset == wanted.count { return true }
                }
                start += 1
            }
            return false
        }
    }

    /// Lower-case accented Latin letters to their base letters: each row is a base and the letters
    /// that decompose to it (U+00E0–U+00FF, U+0100–U+017F).
    private static let rows: [(String, String)] = [
        ("a", "àáâãäåāăą"), ("c", "çćĉċč"), ("d", "ďđð"), ("e", "èéêëēĕėęě"), ("g", "ĝğġģ"),
        ("h", "ĥħ"), ("i", "ìíîïĩīĭįı"), ("j", "ĵ"), ("k", "ķĸ"), ("l", "ĺļľŀł"), ("n", "ñńņňŉŋ"),
        ("o", "òóôõöøōŏő"), ("r", "ŕŗř"), ("s", "śŝşšſ"), ("t", "ţťŧ"), ("u", "ùúûüũūŭůűų"),
        ("w", "ŵ"), ("y", "ýÿŷ"), ("z", "źżž"), ("th", "þ"), ("ss", "ß"), ("ae", "æ"), ("oe", "œ"),
        ("ij", "ĳ"),
    ]

    private static let latin: [UInt32: String] = {
        var table: [UInt32: String] = [:]
        for (base, letters) in rows {
            for scalar in letters.unicodeScalars { table[scalar.value] = base }
        }
        return table
    }()
}
