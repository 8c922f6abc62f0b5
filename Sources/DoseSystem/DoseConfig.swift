import DoseCore

/// The settings both processes read, with defaults for what is unset.
public struct DoseConfig: Sendable, Equatable {
    public static let defaultNotifyTime = LocalTime(parsing: "08:00")!
    /// `dose sync`'s wall-clock deadline, in seconds, and what may be set.
    public static let defaultSyncTimeout = 60
    public static let syncTimeoutRange = 1...3600

    /// Whom the doses are for: the `branch` key (unset: everyone; `common`: the untagged items only).
    public var audience: Audience
    public var notifyTime: LocalTime
    public var source: String?
    /// The minisign public key (canonical base64) a synced pack must be signed with; nil: packs are not checked.
    public var sourcePubkey: String?
    /// Seconds the whole fetch of a sync may take, every redirect included.
    public var syncTimeout: Int
    public var providerURL: String?
    public var providerModel: String?
    public var providerKeyFile: String?

    public init(
        audience: Audience = .everyone, notifyTime: LocalTime = DoseConfig.defaultNotifyTime, source: String? = nil,
        syncTimeout: Int = DoseConfig.defaultSyncTimeout, providerURL: String? = nil, providerModel: String? = nil, providerKeyFile: String? = nil
    ) {
        self.audience = audience
        self.notifyTime = notifyTime
        self.source = source
        self.syncTimeout = syncTimeout
        self.providerURL = providerURL
        self.providerModel = providerModel
        self.providerKeyFile = providerKeyFile
    }
}
