/// A short code that names an item without its id's text, for the notification's "dose show CODE" hint.
///
/// Ids are authored words (`q-weber-unit` says "weber"), so a hint carrying the id gives the answer away.
/// The code is 8 characters of Crockford base32 (40 bits) from a mixed FNV-1a hash of the id's UTF-8
/// bytes: in a 100,000-item pool one given item shares its code with another with odds of about 1 in
/// 10 million, and a lookup that finds two items says so instead of guessing. Both processes compute it
/// here, so `dose show` and `dose open` accept what `dose-notify` prints.
public enum ShortCode {
    /// The characters of a code.
    public static let length = 8

    /// Crockford's base32 digits, lower case: no i, l, o or u, so a code is easy to read and type.
    private static let alphabet = Array("0123456789abcdefghjkmnpqrstvwxyz".utf8)

    /// The code of the item with this id.
    public static func code(forID id: String) -> String {
        code(forIDBytes: id.utf8)
    }

    /// The code of the id given as its UTF-8 bytes.
    public static func code(forIDBytes bytes: some Sequence<UInt8>) -> String {
        var hash = FNV1a()
        // A domain prefix, so a code is not a piece of the page file's FNV-1a name for the same id.
        for byte in "daily-dose code:".utf8 { hash.add(byte: byte) }
        for byte in bytes { hash.add(byte: byte) }
        // splitmix64's finaliser: every input bit reaches the top 40 bits the code is taken from.
        var mixed = hash.value
        mixed = (mixed ^ (mixed >> 30)) &* 0xbf58_476d_1ce4_e5b9
        mixed = (mixed ^ (mixed >> 27)) &* 0x94d0_49bb_1331_11eb
        mixed ^= mixed >> 31
        var characters: [UInt8] = []
        characters.reserveCapacity(length)
        for index in 0..<length {
            let shift = UInt64(59 - 5 * index)
            characters.append(alphabet[Int((mixed >> shift) & 0x1F)])
        }
        return String(decoding: characters, as: UTF8.self)
    }

    /// `text` as a code (lower case; Crockford's look-alikes `i`/`l` read as `1` and `o` as `0`),
    /// or nil when it cannot be one.
    public static func normalized(_ text: String) -> String? {
        let bytes = Array(text.utf8)
        guard bytes.count == length else { return nil }
        var characters: [UInt8] = []
        for byte in bytes {
            var lower = byte
            if (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(lower) { lower += 32 }
            switch lower {
            case UInt8(ascii: "i"), UInt8(ascii: "l"): lower = UInt8(ascii: "1")
            case UInt8(ascii: "o"): lower = UInt8(ascii: "0")
            default: break
            }
            guard alphabet.contains(lower) else { return nil }
            characters.append(lower)
        }
        return String(decoding: characters, as: UTF8.self)
    }
}
