/// How many terminal columns text takes: wide East Asian characters two, combining marks and
/// zero-width characters none, everything else one (what wcwidth(3) says for the pack's text).
public enum DisplayWidth {
    /// The columns `text` takes on one line.
    public static func of<S: StringProtocol>(_ text: S) -> Int {
        var columns = 0
        for scalar in text.unicodeScalars { columns += of(scalar) }
        return columns
    }

    /// The columns one scalar takes: 0, 1 or 2.
    public static func of(_ scalar: Unicode.Scalar) -> Int {
        switch scalar.properties.generalCategory {
        case .nonspacingMark, .enclosingMark, .format: return 0
        default: break
        }
        let value = scalar.value
        if value == 0x200B || (0x1160...0x11FF).contains(value) { return 0 }
        return wideRanges.contains { $0.contains(value) } ? 2 : 1
    }

    /// East Asian Wide and Fullwidth blocks (Unicode's EastAsianWidth W/F, coarsely).
    private static let wideRanges: [ClosedRange<UInt32>] = [
        0x1100...0x115F, 0x2E80...0x303E, 0x3041...0x33FF, 0x3400...0x4DBF, 0x4E00...0x9FFF,
        0xA000...0xA4CF, 0xAC00...0xD7A3, 0xF900...0xFAFF, 0xFE30...0xFE4F, 0xFF00...0xFF60,
        0xFFE0...0xFFE6, 0x1F300...0x1F64F, 0x1F900...0x1F9FF, 0x20000...0x3FFFD,
    ]
}
