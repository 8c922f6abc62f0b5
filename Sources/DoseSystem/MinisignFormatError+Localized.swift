import DoseCore

extension MinisignFormatError {
    /// The refusal for people in their language; the detail (`problem`) is DoseCore's English.
    public var localized: String {
        subject == "public key"
            ? tr("malformed minisign public key: {problem}", ["problem": problem])
            : tr("malformed minisign signature: {problem}", ["problem": problem])
    }
}
