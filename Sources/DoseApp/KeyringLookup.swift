import DoseLearning
import DoseSecret
import DoseSystem

/// The learning provider's Secret Service lookup (`ProviderKey`'s third source), for `dose` and the app.
///
/// `DOSE_SECRET_TIMEOUT` (whole seconds, 1 to 600) overrides how long a lookup may wait (20 s); tests use it
/// to make a silent service fail fast.
public enum KeyringLookup {
    /// No Secret Service (headless, no session bus, libsecret missing) is no key; a service that fails is a problem.
    public static let providerKey: ProviderKey.KeyringLookup = { url throws(LearningError) in
        let timeout = Environment.value("DOSE_SECRET_TIMEOUT").flatMap(Int.init).flatMap { (1...600).contains($0) ? $0 : nil }
        do throws(SecretError) {
            return try ProviderKeyring.lookup(providerURL: url, timeout: timeout ?? ProviderKeyring.defaultTimeout)
        } catch {
            if error.kind == .unavailable { return nil }
            throw LearningError(.provider, tr("the Secret Service could not give the key for {url}: {error}", ["url": url, "error": error.message]))
        }
    }
}
