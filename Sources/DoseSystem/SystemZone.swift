import CGLib
import DoseCore
import Glibc

/// Time zone rules from the system's tz database, through GLib's `GTimeZone`.
///
/// GTimeZone is immutable and reference counted with atomic operations, so sharing it
/// across threads is safe; that is why this class is `@unchecked Sendable`.
public final class SystemZone: ZoneRules, @unchecked Sendable {
    private let zone: OpaquePointer
    /// The tz identifier, such as `Europe/London`.
    public let identifier: String

    /// A zone by tz identifier; nil when the database does not know it.
    ///
    /// A name or path that leads to a file which is not a TZif file (`TZ=:/etc/passwd`, a FIFO) is no
    /// zone: GLib would assert on its contents (a CRITICAL on stderr) or block reading a FIFO.
    public init?(identifier: String) {
        guard Self.isZoneFileOrAbsent(identifier), let zone = g_time_zone_new_identifier(identifier) else { return nil }
        self.zone = zone
        self.identifier = identifier
    }

    /// The user's zone as it is right now: `TZ` if set, else `/etc/localtime`.
    ///
    /// Resolved afresh on every call (the scheduler calls it on every planning pass), because
    /// GLib's `g_time_zone_new_local` caches the zone for the life of the process.
    public static func current() -> SystemZone {
        if let tz = Environment.value("TZ") {
            let name = tz.hasPrefix(":") ? String(tz.dropFirst()) : tz
            if let zone = SystemZone(identifier: name) { return zone }
        }
        if let name = localtimeLinkTarget(), let zone = SystemZone(identifier: name) { return zone }
        if let zone = SystemZone(identifier: "/etc/localtime") { return zone }
        return SystemZone(identifier: "UTC")!
    }

    deinit {
        g_time_zone_unref(zone)
    }

    public func utcOffset(at instant: Int64) -> Int {
        let interval = g_time_zone_find_interval(zone, G_TIME_TYPE_UNIVERSAL, gint64(instant))
        return Int(g_time_zone_get_offset(zone, interval))
    }

    /// Whether the file GLib would read for `identifier` is a regular TZif file, or there is none (GLib
    /// then knows the name itself, as for `UTC`, or reads it as a POSIX rule such as `EST5EDT`).
    private static func isZoneFileOrAbsent(_ identifier: String) -> Bool {
        let directory = Environment.value("TZDIR") ?? "/usr/share/zoneinfo"
        let path = identifier.hasPrefix("/") ? identifier : directory + "/" + identifier
        let fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
        guard fd >= 0 else { return true }
        defer { close(fd) }
        var status = stat()
        guard fstat(fd, &status) == 0 else { return false }
        // A directory (`TZ=:/`) is absent as a file; anything else but a regular file is refused.
        if (status.st_mode & S_IFMT) == S_IFDIR { return true }
        guard (status.st_mode & S_IFMT) == S_IFREG else { return false }
        var magic = [UInt8](repeating: 0, count: 4)
        return read(fd, &magic, 4) == 4 && magic == Array("TZif".utf8)
    }

    /// The zone name `/etc/localtime` points at (`…/zoneinfo/Europe/London` → `Europe/London`).
    private static func localtimeLinkTarget() -> String? {
        var buffer = [CChar](repeating: 0, count: 4096)
        let count = readlink("/etc/localtime", &buffer, buffer.count - 1)
        guard count > 0 else { return nil }
        let bytes = buffer[0..<count].map { UInt8(bitPattern: $0) }
        // A byte search, not `firstRange(of:)`: that one comes from _StringProcessing, which a static
        // link would then keep for the scheduler's whole life (resident memory, docs/performance.md).
        let marker = Array("zoneinfo/".utf8)
        guard bytes.count >= marker.count,
              let start = (0...(bytes.count - marker.count)).first(where: { bytes[$0..<($0 + marker.count)].elementsEqual(marker) })
        else { return nil }
        return String(decoding: bytes[(start + marker.count)...], as: UTF8.self)
    }
}
