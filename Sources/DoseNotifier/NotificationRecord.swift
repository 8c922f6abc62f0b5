import DoseCore
import DoseSystem

/// The scheduler's note of its notification on screen (`ShownDose`), kept in the private runtime
/// directory (`RUNTIME/notification.json`, written atomically, 0600), so a scheduler restarted while
/// the notification is still up re-shows it in place (`replaces_id`) and hears its click.
///
/// It holds what the dose page of a click would: the id of the dose on show, in a directory that ends
/// with the session; it is removed once the notification is clicked, closed or gone with its server.
struct NotificationRecord {
    static let fileName = "notification.json"
    /// The file, or nil when the session has no private directory (nothing is kept then).
    let path: String?

    init(path: String?) {
        self.path = path
    }

    /// The record of this session's private directory.
    init(paths: DosePaths) {
        path = RuntimeDirectory.resolve(paths).map { $0 + "/" + Self.fileName }
    }

    /// The notification recorded, or nil when none is (or the file is not one this version wrote).
    func read() -> ShownDose? {
        guard let path, let text = try? FileSystem.readText(path, limit: 64 << 10) else { return nil }
        return Self.decode(text)
    }

    func write(_ shown: ShownDose) throws(FileError) {
        guard let path else { return }
        try FileSystem.writeAtomically(Self.encode(shown), to: path, mode: 0o600)
    }

    func remove() {
        guard let path else { return }
        try? FileSystem.remove(path)
    }

    static func encode(_ shown: ShownDose) -> String {
        JSONValue.object([
            (key: "serverID", value: .integer(Int64(shown.serverID))),
            (key: "itemID", value: .string(shown.itemID)),
            (key: "day", value: .string(shown.day.description)),
        ]).serialized() + "\n"
    }

    static func decode(_ text: String) -> ShownDose? {
        guard let value = try? JSONParser.parse(text),
              let number = value["serverID"]?.int64, let serverID = UInt32(exactly: number), serverID != 0,
              let itemID = value["itemID"]?.string, !itemID.isEmpty,
              let dayText = value["day"]?.string, let day = CivilDate(iso: dayText)
        else { return nil }
        return ShownDose(serverID: serverID, itemID: itemID, day: day)
    }
}
