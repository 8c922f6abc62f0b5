/// The AI provider's API key in the Secret Service (GNOME Keyring, KWallet), one per provider URL.
///
/// Usage (blocking: call it off the GLib loop's thread — the app goes through DoseDesktop's `KeyringService`,
/// the learning worker calls `lookup` on its jobs queue):
///
///     try ProviderKeyring.store("sk-…", providerURL: "https://api.example/v1")
///     let key = try ProviderKeyring.lookup(providerURL: "https://api.example/v1")   // nil: none stored
///     try ProviderKeyring.clear(providerURL: "https://api.example/v1")
///
/// Items carry the schema `net.dailydose.DailyDose.ProviderKey` and one attribute, `provider`, the
/// `provider.url` setting as stored; so `secret-tool lookup provider URL` finds them, and a key stored
/// for one provider is never sent to another.
public enum ProviderKeyring {
    public static let schemaName = "net.dailydose.DailyDose.ProviderKey"
    /// The attribute holding the provider URL.
    public static let attribute = "provider"
    /// Seconds a call may wait for the service (an unlock prompt included) before it ends as `.timedOut`.
    public static let defaultTimeout = 20

    static let schema = SecretSchema(name: schemaName, attributes: [attribute])

    public static func store(_ key: String, providerURL: String, timeout: Int = defaultTimeout) throws(SecretError) {
        try Secret.store(
            schema, [attribute: providerURL], label: "Daily Dose: AI provider key for \(providerURL)", password: key,
            timeout: timeout)
    }

    /// The key stored for `providerURL`, or nil.
    public static func lookup(providerURL: String, timeout: Int = defaultTimeout) throws(SecretError) -> String? {
        try Secret.lookup(schema, [attribute: providerURL], timeout: timeout)
    }

    /// Removes the key stored for `providerURL`; false when there was none.
    @discardableResult
    public static func clear(providerURL: String, timeout: Int = defaultTimeout) throws(SecretError) -> Bool {
        try Secret.clear(schema, [attribute: providerURL], timeout: timeout)
    }
}
