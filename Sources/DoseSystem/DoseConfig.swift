import DoseCore

/// The settings both processes read, with defaults for what is unset.
public struct DoseConfig: Sendable, Equatable {
    public static let defaultNotifyTime = LocalTime(parsing: "08:00")!

    public var branch: BranchCode?
    public var notifyTime: LocalTime
    public var source: String?
    public var providerURL: String?
    public var providerModel: String?
    public var providerKeyFile: String?

    public init(
        branch: BranchCode? = nil, notifyTime: LocalTime = DoseConfig.defaultNotifyTime, source: String? = nil,
        providerURL: String? = nil, providerModel: String? = nil, providerKeyFile: String? = nil
    ) {
        self.branch = branch
        self.notifyTime = notifyTime
        self.source = source
        self.providerURL = providerURL
        self.providerModel = providerModel
        self.providerKeyFile = providerKeyFile
    }
}
