import DoseSystem

/// The small file `dose learn tick` rewrites to wake a running daemon, which watches it with GIO.
///
/// Under `$XDG_RUNTIME_DIR/daily-dose/` (a tmpfs that dies with the session), else in the data directory.
public struct WakeFile: Sendable {
    public let path: String

    public init(paths: DosePaths) {
        if let runtime = paths.runtimeDirectory {
            path = runtime + "/" + DosePaths.appDirectory + "/learn.wake"
        } else {
            path = paths.dataDirectory + "/learn.wake"
        }
    }

    /// Wakes the daemon, if one runs; failing to is harmless (it wakes on its own timer), so errors are ignored.
    public func touch(now: Int64) {
        try? FileSystem.writeAtomically("\(now)\n", to: path, mode: 0o600)
    }
}
