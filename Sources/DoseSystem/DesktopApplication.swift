/// Where the desktop app `daily-dose` answers on the session bus, shared by the scheduler (which hands it a
/// click) and the app (which registers there). Plain strings: the scheduler links no GTK.
public enum DesktopApplication {
    /// The application id: the bus name, the desktop file's name and the GApplication id.
    public static let id = "net.dailydose.DailyDose"
    /// The action that opens one item, with the item's id as its string parameter.
    public static let openDoseAction = "open-dose"

    /// The object path GApplication exports for `id`, as the freedesktop Application interface defines it:
    /// "/" followed by the id with "." as "/" and "-" as "_".
    public static func objectPath(for applicationID: String) -> String {
        var path = "/"
        for character in applicationID {
            switch character {
            case ".": path.append("/")
            case "-": path.append("_")
            default: path.append(character)
            }
        }
        return path
    }

    /// The object path of `id`.
    public static var objectPath: String { objectPath(for: id) }
}
