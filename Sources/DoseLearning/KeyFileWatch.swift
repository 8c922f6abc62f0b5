import DoseSystem
import Glibc

/// Watches `provider.key-file`, so a key written, replaced, removed or made private (`chmod 600`) wakes the daemon.
///
/// GIO's file monitor watches the file's directory, so a key file that does not exist yet is seen when it
/// is created. When the directory itself is missing, the first missing directory on the path is watched
/// instead (GIO would otherwise poll for it every few seconds), and each change moves the watch one step
/// closer to the file. The path comes from the config file: call `refresh()` when that changes.
/// Lives on the GLib thread, like the `FileWatch` it holds; `onChange` runs there, after the watch moved,
/// with `isWorking`. The app's Learn view watches it too, so its lines follow a new key.
public final class KeyFileWatch {
    private let configPath: String
    private let onChange: (_ isWorking: Bool) -> Void
    /// The path now watched (the key file, or a missing directory on its way), or nil.
    private var watched: String?
    private var watch: FileWatch?
    /// False when a key file is configured but GIO could not watch it: changes then go unnoticed.
    public private(set) var isWorking = true

    public init(configPath: String, onChange: @escaping (_ isWorking: Bool) -> Void) {
        self.configPath = configPath
        self.onChange = onChange
    }

    /// Reads `provider.key-file` afresh and watches it, or what is missing on its way.
    public func refresh() {
        guard case .success(let settings) = ProviderSnapshot.readSettings(configPath: configPath),
            let keyFile = settings.keyFile
        else {
            (watch, watched, isWorking) = (nil, nil, true)
            return
        }
        let target = Self.firstMissingDirectory(on: keyFile) ?? keyFile
        if target == watched, watch != nil { return }
        watch = FileWatch(path: target, attributes: true) { [weak self] in
            guard let self else { return }
            refresh()
            onChange(isWorking)
        }
        watched = watch == nil ? nil : target
        isWorking = watch != nil
        if watch == nil { Log.warning("dose daemon: cannot watch \(target); a new key is seen at the next wake-up") }
        // A directory made between the look and the watch sends no event to the new watch: look again,
        // and if the path moved on meanwhile, follow it and report the change (a key may be there already).
        if watch != nil, (Self.firstMissingDirectory(on: keyFile) ?? keyFile) != target {
            refresh()
            onChange(isWorking)
        }
    }

    /// The first directory on `path`'s way (from the root, the file itself excluded) that is not there, or nil.
    static func firstMissingDirectory(on path: String) -> String? {
        var prefix = ""
        let components = path.split(separator: "/")
        for component in components.dropLast() {
            prefix += "/" + component
            var info = stat()
            guard stat(prefix, &info) == 0, (info.st_mode & S_IFMT) == S_IFDIR else { return prefix }
        }
        return nil
    }
}
