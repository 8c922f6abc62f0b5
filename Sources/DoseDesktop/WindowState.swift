import DoseSystem

/// The main window's size and whether it was maximised, remembered between runs as GNOME apps do (a small
/// `key=value` file in the state directory, written atomically when the window closes).
public struct WindowState: Equatable, Sendable {
    public var width: Int32
    public var height: Int32
    public var maximized: Bool

    /// The size a first run opens with.
    public static let standard = WindowState(width: 720, height: 680, maximized: false)
    /// The smallest window the app allows: the narrowest phone layout (Phosh, GNOME Mobile) is 360 px wide.
    public static let minimumWidth: Int32 = 360
    public static let minimumHeight: Int32 = 400
    /// Larger than any screen: a bigger number in the file is not a size this app wrote.
    static let maximumSide: Int32 = 16384

    public init(width: Int32, height: Int32, maximized: Bool) {
        (self.width, self.height, self.maximized) = (width, height, maximized)
    }

    /// The state the file's text describes; what it lacks or cannot be a size is the standard state's.
    public init(text: String) {
        self = .standard
        // By scalars: as a Character, "\r\n" is one cluster, equal to neither "\r" nor "\n".
        for line in text.unicodeScalars.split(whereSeparator: { $0 == "\n" || $0 == "\r" }) {
            let parts = line.split(separator: "=", maxSplits: 1).map { String(String.UnicodeScalarView($0)) }
            guard parts.count == 2 else { continue }
            switch parts[0] {
            case "width": width = Self.side(parts[1], minimum: Self.minimumWidth) ?? width
            case "height": height = Self.side(parts[1], minimum: Self.minimumHeight) ?? height
            case "maximized": maximized = parts[1] == "true"
            default: continue
            }
        }
    }

    /// The file's text.
    public var text: String {
        "width=\(width)\nheight=\(height)\nmaximized=\(maximized)\n"
    }

    /// The state as last saved in `paths`' state directory; the standard state when none was, or it can't be read.
    public static func load(_ paths: DosePaths) -> WindowState {
        (try? FileSystem.readText(paths.windowState, limit: 4096)).map(WindowState.init(text:)) ?? .standard
    }

    /// Saves the state for the next run (atomically: a window closed twice at once leaves one whole file).
    public func save(_ paths: DosePaths) throws(FileError) {
        try FileSystem.makeDirectories(paths.stateDirectory)
        try FileSystem.writeAtomically(text, to: paths.windowState, mode: 0o600)
    }

    private static func side(_ text: String, minimum: Int32) -> Int32? {
        guard let value = Int32(text), value > 0, value <= maximumSide else { return nil }
        return max(value, minimum)
    }
}
