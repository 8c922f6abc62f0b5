import DoseSystem

/// Takes the provider's API key out of a text before it is stored, printed or logged; pure.
///
/// A provider that refuses a key often quotes it back ("Incorrect API key provided: sk-…"), whole, cut
/// short, or masked with its ends kept. So every run of `minimumRun` (8) or more consecutive characters of
/// the key is replaced, wherever it stands, by one marker per run: the whole key, a prefix or suffix of 8
/// characters or more, the visible half of a mask. What stays is shorter than that (the `sk-` and last four
/// a mask such as `sk-…abcd` shows, which the providers' own dashboards show too): not enough to use or
/// guess a key. A key shorter than 8 characters is replaced only whole.
///
/// `FailureClassifier` puts every provider failure message through it (so what is stored and printed holds
/// no key); the readers of stored messages (`dose learn list`, the app's Learn view, the daemon's log of a
/// pause) put them through it again, for messages stored before it existed. `description` never shows the key.
public struct KeyRedaction: Sendable, Equatable, CustomStringConvertible {
    static let minimumRun = 8

    /// The key's characters (Unicode scalars); empty when there is no key.
    private let key: [Unicode.Scalar]

    /// Nothing to take out (no key in use).
    public static let none = KeyRedaction(key: nil)

    public init(key: String?) {
        self.key = key.map { Array($0.unicodeScalars) } ?? []
    }

    public var description: String { key.isEmpty ? "KeyRedaction(none)" : "KeyRedaction(a key)" }

    /// What stands in for a part of the key.
    static var marker: String { tr("[key withheld]") }

    /// `text` with every run of the key's characters (as above) replaced by the marker.
    public func apply(_ text: String) -> String {
        let width = min(Self.minimumRun, key.count)
        guard width > 0 else { return text }
        let scalars = Array(text.unicodeScalars)
        guard scalars.count >= width else { return text }
        // Every window of `width` characters of the key; a text window found among them is part of the key.
        var windows = Set<[Unicode.Scalar]>()
        for start in 0...(key.count - width) { windows.insert(Array(key[start..<(start + width)])) }
        var covered = [Bool](repeating: false, count: scalars.count)
        var any = false
        for start in 0...(scalars.count - width) where windows.contains(Array(scalars[start..<(start + width)])) {
            for index in start..<(start + width) { covered[index] = true }
            any = true
        }
        guard any else { return text }
        var result = String.UnicodeScalarView()
        var index = 0
        while index < scalars.count {
            if covered[index] {
                result.append(contentsOf: Self.marker.unicodeScalars)
                while index < scalars.count, covered[index] { index += 1 }
            } else {
                result.append(scalars[index])
                index += 1
            }
        }
        return String(result)
    }
}
