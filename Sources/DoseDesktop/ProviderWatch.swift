import DoseLearning
import DoseSystem

/// Calls back whenever what the Learn view says about the provider may have changed: the config file (a provider
/// set up in Preferences or with `dose config set`, its URL or model changed), the key file it names, and the
/// wake file (the app's Preferences rewrite it after storing or clearing a key in the Secret Service, as a tick
/// does). The daemon wakes on the same three, so the view's reason and the queue's move together.
///
/// Before, the view read the provider once, when the window opened, and again only when the store changed: a
/// provider set up after the first tick left the row on "no AI provider is configured" while the queue ran.
///
/// Lives on the GLib thread (its file monitors are on the thread-default main context); `changed` runs there.
public final class ProviderWatch {
    private let configWatch: FileWatch?
    private let wakeWatch: FileWatch?
    private let keyWatch: KeyFileWatch

    public init(paths: DosePaths, changed: @escaping () -> Void) {
        // The watched files' directories first: GIO polls a path whose directory is missing instead of using inotify.
        let wake = WakeFile(paths: paths).path
        for path in [paths.configFile, wake] { try? FileSystem.makeDirectories(FileSystem.parentDirectory(of: path)) }
        let keyWatch = KeyFileWatch(configPath: paths.configFile) { _ in changed() }
        keyWatch.refresh()
        self.keyWatch = keyWatch
        // Attributes too: a config file made readable again changes what can be read.
        configWatch = FileWatch(path: paths.configFile, attributes: true) {
            keyWatch.refresh()  // provider.key-file may name another file now
            changed()
        }
        wakeWatch = FileWatch(path: wake, handler: changed)
    }

    /// False when GIO could not watch the config file: changes then show at the next change of the store.
    public var isWorking: Bool { configWatch != nil && keyWatch.isWorking }
}
