/// A branch of engineering: exactly two ASCII capital letters (`CS`, `EE`, `ME`).
///
/// There is no normalising initialiser on purpose: a tag such as `"cs"` or `"CS "`
/// is rejected, never repaired, because a silently repaired tag hides the admin's mistake.
public struct BranchCode: Hashable, Sendable, Comparable, CustomStringConvertible {
    /// The two capital letters.
    public let rawValue: String

    /// Accepts exactly two ASCII capital letters and nothing else.
    public init?(exactly text: String) {
        let bytes = Array(text.utf8)
        guard bytes.count == 2, bytes.allSatisfy({ $0 >= 0x41 && $0 <= 0x5A }) else { return nil }
        rawValue = text
    }

    public var description: String { rawValue }

    public static func < (lhs: BranchCode, rhs: BranchCode) -> Bool {
        lhs.rawValue.precedesInBytes(rhs.rawValue)
    }
}
