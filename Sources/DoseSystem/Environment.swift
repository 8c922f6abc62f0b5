import Glibc

/// Reads process environment variables at the edge of the program.
public enum Environment {
    /// The value of `name`, or nil when unset or empty.
    public static func value(_ name: String) -> String? {
        guard let raw = getenv(name) else { return nil }
        let value = String(cString: raw)
        return value.isEmpty ? nil : value
    }
}
