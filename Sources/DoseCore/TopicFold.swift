/// The identity of a learning subject or topic: `calculus` and ` CALCULUS ` are the same subject.
///
/// Two names are the same when their folds are equal as Swift strings. Swift's `String` equality
/// and hashing already follow canonical equivalence (NFC = NFD: `é` precomposed or `e` + U+0301);
/// what the standard library lacks is written here: case folding (the Unicode lower-case mapping,
/// plus `ß`/`ẞ` → `ss`, final `ς` → `σ`, long `ſ` → `s`), the compatibility forms people actually
/// type (fullwidth ASCII U+FF01–FF5E, the ideographic space, the `ﬀ`…`ﬆ` ligatures: the part of
/// NFKC that matters for names), and whitespace collapsed (any run of Unicode white space is one
/// space; none at either end). Accents are kept: `Résumé` and `Resume` stay different topics.
public enum TopicFold {
    public static func fold(_ name: String) -> String {
        var out = String.UnicodeScalarView()
        var pendingSpace = false
        for scalar in name.unicodeScalars {
            let compatible = compatibility(scalar)
            for piece in compatible.unicodeScalars {
                if piece.properties.isWhitespace {
                    pendingSpace = !out.isEmpty
                    continue
                }
                if pendingSpace {
                    out.append(" ")
                    pendingSpace = false
                }
                out.append(contentsOf: caseFolded(piece).unicodeScalars)
            }
        }
        return String(out)
    }

    /// True when two names are the same subject or topic.
    public static func same(_ a: String, _ b: String) -> Bool {
        fold(a) == fold(b)
    }

    private static func caseFolded(_ scalar: Unicode.Scalar) -> String {
        switch scalar.value {
        case 0x41...0x5A: return String(Unicode.Scalar(UInt8(scalar.value) | 0x20))
        case 0x00..<0x80: return String(scalar)
        case 0xDF, 0x1E9E: return "ss"
        case 0x3C2: return "σ"
        case 0x17F: return "s"
        default: return scalar.properties.lowercaseMapping
        }
    }

    /// The compatibility mapping of the forms listed above; anything else unchanged.
    private static func compatibility(_ scalar: Unicode.Scalar) -> String {
        switch scalar.value {
        case 0xFF01...0xFF5E: return String(Unicode.Scalar(scalar.value - 0xFF01 + 0x21)!)
        case 0x3000: return " "
        case 0xFB00: return "ff"
        case 0xFB01: return "fi"
        case 0xFB02: return "fl"
        case 0xFB03: return "ffi"
        case 0xFB04: return "ffl"
        case 0xFB05, 0xFB06: return "st"
        default: return String(scalar)
        }
    }
}
