import CGLib
import GLibGlue

/// The session bus connection GIO shares across the process (libnotify talks over the same one).
enum SessionBus {
    /// A reference on the shared connection, which the caller unrefs; throws when there is no session bus.
    static func connect() throws(GLibError) -> OpaquePointer {
        let connection = try check("connect to the session bus") { error in g_bus_get_sync(G_BUS_TYPE_SESSION, nil, error) }
        guard let connection else {
            throw GLibError(operation: "connect to the session bus", message: "unknown error", code: 0)
        }
        return connection
    }

    /// Why there is no session bus to reach a server on (no address, nothing to autolaunch), or nil if there is one.
    static func problem() -> String? {
        do {
            g_object_unref(UnsafeMutableRawPointer(try connect()))
            return nil
        } catch {
            return error.message
        }
    }
}
