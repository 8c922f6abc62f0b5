import DoseLearning
import DoseSecret

/// The learning provider's Secret Service lookup (`ProviderKey`'s third source), for `dose` and the app.
public enum KeyringLookup {
    /// No Secret Service (headless, no session bus, libsecret missing) is no key; a service that fails is a problem.
    public static let providerKey: ProviderKey.KeyringLookup = { url throws(LearningError) in
        do throws(SecretError) { return try ProviderKeyring.lookup(providerURL: url) } catch {
            if error.kind == .unavailable { return nil }
            throw LearningError(.provider, "the Secret Service could not give the key for \(url): \(error.message)")
        }
    }
}
