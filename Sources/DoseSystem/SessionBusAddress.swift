import Glibc

/// Whether a session bus can be found without starting one (DoseSecret's lookups, `dose daemon`'s bus watch).
public enum SessionBusAddress {
    /// True when `DBUS_SESSION_BUS_ADDRESS` is set or `$XDG_RUNTIME_DIR/bus` is a socket, the two places
    /// GIO looks before it would autolaunch a private bus with `dbus-launch`.
    public static var isKnown: Bool {
        if Environment.value("DBUS_SESSION_BUS_ADDRESS") != nil { return true }
        guard let runtime = Environment.value("XDG_RUNTIME_DIR") else { return false }
        var info = stat()
        return stat(runtime + "/bus", &info) == 0 && (info.st_mode & S_IFMT) == S_IFSOCK
    }
}
