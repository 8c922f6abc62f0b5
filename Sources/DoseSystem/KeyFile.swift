import CGLib
import GLibGlue

/// A GLib key file (`[group]` / `key=value`), the format of the config file.
///
/// Not Sendable: one owner at a time, as GKeyFile itself demands.
final class KeyFile {
    private let handle: OpaquePointer

    init() {
        handle = g_key_file_new()
    }

    deinit {
        g_key_file_free(handle)
    }

    /// Parses key-file text, keeping comments so a user's notes survive our edits.
    func load(_ text: String, origin: String) throws(GLibError) {
        let flags = GKeyFileFlags(rawValue: G_KEY_FILE_KEEP_COMMENTS.rawValue)
        // TRANSLATORS: what failed, before GLib's own reason ("read PATH: Key file contains …").
        _ = try check(tr("read {path}", ["path": origin])) { error in
            g_key_file_load_from_data(handle, text, gsize(text.utf8.count), flags, error)
        }
    }

    /// The string stored at group/key, unescaped, or nil when there is none.
    ///
    /// Throws when GKeyFile cannot interpret the stored text (an unknown escape such as `\q`, a backslash at
    /// the end of the line): GLib then still returns a guess, which is not what the file says.
    func string(group: String, key: String) throws(GLibError) -> String? {
        do {
            return try check("read \(group).\(key)") { error in takeGString(g_key_file_get_string(handle, group, key, error)) }
        } catch {
            let domain = g_key_file_error_quark()
            if error.matches(domain: domain, code: G_KEY_FILE_ERROR_KEY_NOT_FOUND.rawValue)
                || error.matches(domain: domain, code: G_KEY_FILE_ERROR_GROUP_NOT_FOUND.rawValue) {
                return nil
            }
            throw error
        }
    }

    /// The text stored at group/key as it is in the file (escapes not resolved), or nil.
    func rawValue(group: String, key: String) -> String? {
        takeGString(g_key_file_get_value(handle, group, key, nil))
    }

    func setString(group: String, key: String, value: String) {
        g_key_file_set_string(handle, group, key, value)
    }

    func remove(group: String, key: String) {
        // A key that is not there is already removed.
        _ = try? check("remove \(group).\(key)") { error in g_key_file_remove_key(handle, group, key, error) }
    }

    /// Every group and key present, in file order.
    func entries() -> [(group: String, key: String)] {
        var result: [(String, String)] = []
        var groupCount: gsize = 0
        guard let groups = g_key_file_get_groups(handle, &groupCount) else { return [] }
        defer { g_strfreev(groups) }
        for groupIndex in 0..<Int(groupCount) {
            guard let groupPointer = groups[groupIndex] else { continue }
            let group = String(cString: groupPointer)
            var keyCount: gsize = 0
            guard let keys = g_key_file_get_keys(handle, groupPointer, &keyCount, nil) else { continue }
            defer { g_strfreev(keys) }
            for keyIndex in 0..<Int(keyCount) {
                if let key = keys[keyIndex] { result.append((group, String(cString: key))) }
            }
        }
        return result
    }

    /// The whole file as text.
    func text() -> String {
        takeGString(g_key_file_to_data(handle, nil, nil)) ?? ""
    }
}
