import DoseSystem

/// Why a sync failed, as a fact: `dose sync` prints its own precise message, the app words this its own way
/// (`SyncRecord.problem`, so a failure of the daemon's sync is told too after a restart).
public enum SyncProblem: String, Sendable, Equatable, CaseIterable {
    /// No source is set and none was given.
    case noSource = "no-source"
    /// The server could not be reached, or answered with an error status.
    case unreachable
    /// The download or the store's lock took too long.
    case timedOut = "timed-out"
    /// The source is neither an http(s) URL nor a file (`ftp://…`).
    case unsupportedSource = "unsupported-source"
    /// The source is a file that is not there.
    case missingFile = "missing-file"
    /// What came is not a valid pack (or not signed as `source.pubkey` asks, or too large).
    case invalidPack = "invalid-pack"
    /// The settings cannot be read, or a setting is not usable.
    case settings
    /// A file could not be read or written (the pack's file, the store, a full disk).
    case storage

    /// What the command's exit status says went wrong; `noSource` only from `init(noSource:)`'s caller.
    public init(_ exitCode: ExitCode) {
        switch exitCode {
        case .unavailable: self = .unreachable
        case .temporaryFailure: self = .timedOut
        case .noInput: self = .missingFile
        case .dataError: self = .invalidPack
        case .config, .usage: self = .settings
        default: self = .storage
        }
    }
}
