import DoseApp
import DoseCore
import DoseSystem
import Glibc

/// The welcome page's work: is this the first run (an empty pool), import the bundled sample pack or a source
/// URL in one call, then the branch, the notify time and background work (the morning notification and the
/// learning queue) in another.
///
/// Usage (GLib thread; answers come back there):
///
///     let firstRun = FirstRunService(paths: .fromEnvironment())
///     firstRun.isFirstRun { empty in if empty { showWelcome() } }
///     firstRun.importContent(.samplePack, progress: { step in … }) { result in … }   // or .source("https://…/pack.json")
///     firstRun.finish(branch: choice, notifyTime: "7:30") { outcome in … }          // then background work on
///
/// The sample pack is the one `make install` and the .deb put in `share/daily-dose/` (found beside the
/// program's prefix, then on `XDG_DATA_DIRS`), or `content/sample-pack.json` of a build tree.
public struct FirstRunService: Sendable {
    /// What the welcome page imports.
    public enum Content: Sendable, Equatable {
        case samplePack
        /// A pack URL (or path), kept as the `source` later syncs fetch.
        case source(String)
    }

    /// What `finish` did, step by step (a step that failed does not stop the next).
    public struct Outcome: Sendable {
        public var branch: Result<ConfigChange.Outcome, ConfigChange.Failure>
        public var notifyTime: Result<ConfigChange.Outcome, ConfigChange.Failure>
        public var background: Result<BackgroundWorkService.State, ServiceFailure>
    }

    public let paths: DosePaths
    let queue: ServiceQueue
    let background: BackgroundWorkService
    let sampleCandidates: [String]

    /// - Parameters:
    ///   - background: the background work switch (tests give one on a private bus).
    ///   - samplePackCandidates: where to look for the sample pack (nil: `samplePackLocations()`).
    public init(
        paths: DosePaths, queue: ServiceQueue = .app, background: BackgroundWorkService? = nil, samplePackCandidates: [String]? = nil
    ) {
        self.paths = paths
        self.queue = queue
        self.background = background ?? BackgroundWorkService(paths: paths)
        sampleCandidates = samplePackCandidates ?? Self.samplePackLocations()
    }

    /// True when the pool has no items: the app opens its welcome page.
    public func isFirstRun(done: @escaping @Sendable (Result<Bool, ServiceFailure>) -> Void) {
        let paths = paths
        queue.run({
            Result { () throws(ServiceFailure) in
                do throws(CommandError) { return try PoolInfo.itemCount(paths: paths) == 0 } catch {
                    throw ServiceFailure(tr("Your doses can't be read."), detail: error.message)
                }
            }
        }, done: done)
    }

    /// The sample pack found, or nil (not installed, not a build tree).
    public var samplePack: String? {
        sampleCandidates.first { FileSystem.exists($0) }
    }

    /// Imports the sample pack or a source, as a sync does (validated whole, or nothing changes), recorded like one.
    public func importContent(
        _ content: Content, progress: @escaping @Sendable (ContentSync.Progress) -> Void,
        done: @escaping @Sendable (Result<SyncRecord, ServiceFailure>) -> Void
    ) {
        let (paths, queue, sample, candidates) = (paths, queue, samplePack, sampleCandidates)
        queue.run({
            let source: String
            switch content {
            case .samplePack:
                guard let sample else {
                    return .failure(ServiceFailure(
                        tr("The sample pack isn't installed here. Add a content source instead."),
                        detail: "the sample pack is not installed (looked in \(candidates.joined(separator: ", ")))"))
                }
                source = sample
            case .source(let text):
                // Kept as the source, so Sync now and the daemon fetch it again later.
                // A relative path is refused there: the app has no working directory a person typed it in.
                do throws(ConfigChange.Failure) { source = try ConfigChange.set(.source, to: text, paths: paths).stored ?? text } catch {
                    return .failure(ServiceFailure(PreferencesText.refusal(error), detail: error.description))
                }
            }
            return ContentSync.run(paths: paths, source: source) { step in queue.report { progress(step) } }
                .mapError { PreferencesText.failure($0) }
        }, done: done)
    }

    /// Sets the branch (`.none`: every dose) and the notify time, then turns background work on.
    public func finish(branch: BranchChoice, notifyTime: String, done: @escaping @Sendable (Outcome) -> Void) {
        let (paths, background) = (paths, background)
        queue.run({
            let branchResult = Result { () throws(ConfigChange.Failure) in
                if let value = branch.audience.configured {
                    try ConfigChange.set(.branch, to: value, paths: paths)
                } else {
                    try ConfigChange.unset(.branch, paths: paths)
                }
            }
            let time = Result { () throws(ConfigChange.Failure) in try ConfigChange.set(.notifyTime, to: notifyTime, paths: paths) }
            return (branchResult, time)
        }, done: { (changes: (Result<ConfigChange.Outcome, ConfigChange.Failure>, Result<ConfigChange.Outcome, ConfigChange.Failure>)) in
            // After the settings are written: the scheduler and the daemon start with them in place.
            background.setEnabled(true) { state in done(Outcome(branch: changes.0, notifyTime: changes.1, background: state)) }
        })
    }

    /// Where the sample pack may be: `PREFIX/share/daily-dose/` beside this program's `PREFIX/bin`, each
    /// `XDG_DATA_DIRS` entry's `daily-dose/` (`/usr/local/share`, `/usr/share` by default), then a build tree's
    /// `content/` (the program in `.build/debug` or `.build/release` of a checkout).
    public static func samplePackLocations() -> [String] {
        let file = "daily-dose/sample-pack.json"
        var candidates: [String] = []
        var buffer = [CChar](repeating: 0, count: 4096)
        let length = readlink("/proc/self/exe", &buffer, buffer.count - 1)
        let exe = length > 0 ? String(decoding: buffer[0..<length].map { UInt8(bitPattern: $0) }, as: UTF8.self) : nil
        if let exe {
            let bin = FileSystem.parentDirectory(of: exe)
            candidates.append(FileSystem.parentDirectory(of: bin) + "/share/" + file)
        }
        let dataDirs = (Environment.value("XDG_DATA_DIRS") ?? "/usr/local/share:/usr/share").split(separator: ":").filter { $0.hasPrefix("/") }
        candidates += dataDirs.map { String($0) + "/" + file }
        if let exe, let build = exe.firstRange(of: "/.build/") {
            candidates.append(String(exe[..<build.lowerBound]) + "/content/sample-pack.json")
        }
        return candidates
    }
}
