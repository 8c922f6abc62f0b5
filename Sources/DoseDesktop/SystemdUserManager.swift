import CGLib
import GLibGlue

/// The systemd user manager's D-Bus API (`org.freedesktop.systemd1.Manager` on the session bus): what
/// `systemctl --user is-enabled|enable --now|disable --now UNIT…` do, without running systemctl.
///
/// Blocking calls (each bounded by GDBus's 25 s): used by `BackgroundWorkService` on its queue. GIO's
/// GDBus is GLib's, so every call goes through GLibGlue's `check`.
final class SystemdUserManager {
    static let busName = "org.freedesktop.systemd1"
    static let path = "/org/freedesktop/systemd1"
    static let interface = "org.freedesktop.systemd1.Manager"

    private let connection: OpaquePointer

    /// A connection of its own to the bus at `address` (nil: the session bus's shared one).
    init(address: String?) throws(GLibError) {
        if let address {
            let flags = GDBusConnectionFlags(rawValue: G_DBUS_CONNECTION_FLAGS_AUTHENTICATION_CLIENT.rawValue
                | G_DBUS_CONNECTION_FLAGS_MESSAGE_BUS_CONNECTION.rawValue)
            let made = try check("connect to the session bus") { error in
                g_dbus_connection_new_for_address_sync(address, flags, nil, nil, error)
            }
            guard let made else { throw GLibError(operation: "connect to the session bus", message: "no connection", code: 0) }
            connection = made
        } else {
            let shared = try check("connect to the session bus") { error in g_bus_get_sync(G_BUS_TYPE_SESSION, nil, error) }
            guard let shared else { throw GLibError(operation: "connect to the session bus", message: "no connection", code: 0) }
            connection = shared
        }
    }

    deinit { g_object_unref(UnsafeMutableRawPointer(connection)) }

    /// Whether a systemd user manager is on this bus (it owns `org.freedesktop.systemd1`).
    func isPresent() throws(GLibError) -> Bool {
        let reply = try call(
            destination: "org.freedesktop.DBus", path: "/org/freedesktop/DBus", interface: "org.freedesktop.DBus",
            "NameHasOwner", [g_variant_new_string(Self.busName)])
        defer { g_variant_unref(reply) }
        let value = g_variant_get_child_value(reply, 0)
        defer { g_variant_unref(value) }
        return g_variant_get_boolean(value) != 0
    }

    /// `GetUnitFileState(unit)`: "enabled", "disabled", "masked", "static", …
    func unitFileState(_ unit: String) throws(GLibError) -> String {
        let reply = try manager("GetUnitFileState", [g_variant_new_string(unit)])
        defer { g_variant_unref(reply) }
        let value = g_variant_get_child_value(reply, 0)
        defer { g_variant_unref(value) }
        return String(cString: g_variant_get_string(value, nil))
    }

    /// `EnableUnitFiles(units, runtime: false, force: false)`, then `Reload()`.
    func enable(_ units: [String]) throws(GLibError) {
        g_variant_unref(try manager("EnableUnitFiles", [Self.strv(units), g_variant_new_boolean(0), g_variant_new_boolean(0)]))
        g_variant_unref(try manager("Reload", []))
    }

    /// `DisableUnitFiles(units, runtime: false)`, then `Reload()`.
    func disable(_ units: [String]) throws(GLibError) {
        g_variant_unref(try manager("DisableUnitFiles", [Self.strv(units), g_variant_new_boolean(0)]))
        g_variant_unref(try manager("Reload", []))
    }

    /// `StartUnit(unit, "replace")`: a unit already running stays as it is.
    func start(_ unit: String) throws(GLibError) {
        g_variant_unref(try manager("StartUnit", [g_variant_new_string(unit), g_variant_new_string("replace")]))
    }

    /// `StopUnit(unit, "replace")`.
    func stop(_ unit: String) throws(GLibError) {
        g_variant_unref(try manager("StopUnit", [g_variant_new_string(unit), g_variant_new_string("replace")]))
    }

    private func manager(_ method: String, _ arguments: [OpaquePointer?]) throws(GLibError) -> OpaquePointer {
        try call(destination: Self.busName, path: Self.path, interface: Self.interface, method, arguments)
    }

    /// One method call; `arguments` are floating GVariants, consumed by the call. Returns the reply tuple (unref it).
    private func call(
        destination: String, path: String, interface: String, _ method: String, _ arguments: [OpaquePointer?]
    ) throws(GLibError) -> OpaquePointer {
        let parameters = arguments.withUnsafeBufferPointer { g_variant_new_tuple($0.baseAddress, gsize($0.count)) }
        let reply = try check("\(interface).\(method)") { error in
            g_dbus_connection_call_sync(connection, destination, path, interface, method, parameters, nil,
                                        G_DBUS_CALL_FLAGS_NONE, 25_000, nil, error)
        }
        guard let reply else { throw GLibError(operation: "\(interface).\(method)", message: "no reply", code: 0) }
        return reply
    }

    private static func strv(_ strings: [String]) -> OpaquePointer? {
        let copies = strings.map { strdup($0) }
        defer { copies.forEach { free($0) } }
        return copies.map { UnsafePointer($0) }.withUnsafeBufferPointer { g_variant_new_strv($0.baseAddress, gssize($0.count)) }
    }
}
