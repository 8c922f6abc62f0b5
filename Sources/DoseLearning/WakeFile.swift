import DoseSystem

/// The small file `dose learn tick` rewrites to wake a running daemon, which watches it with GIO.
///
/// In the session's private directory (`RuntimeDirectory`: `$XDG_RUNTIME_DIR/daily-dose/`, a tmpfs
/// that dies with the session, when it is the user's own and 0700; else a private one under `/tmp`),
/// never in a directory another user controls; with neither, in the data directory.
public struct WakeFile: Sendable {
    public let path: String

    public init(paths: DosePaths) {
        path = (RuntimeDirectory.resolve(paths) ?? paths.dataDirectory) + "/learn.wake"
    }

    /// Wakes the daemon, if one runs; failing to is harmless (it wakes on its own timer), so errors are ignored.
    public func touch(now: Int64) {
        try? FileSystem.writeAtomically("\(now)\n", to: path, mode: 0o600)
    }
}
