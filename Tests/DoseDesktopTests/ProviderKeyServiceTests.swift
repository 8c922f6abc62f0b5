import DoseDesktop
import DoseSecret
import DoseTestSupport
import Foundation
import Testing

/// Preferences' provider key against a real GNOME Keyring on a private bus (the process's one, see `PrivateKeyring.shared`).
@Suite(.serialized, .timeLimit(.minutes(5)), .watched) struct ProviderKeyServiceTests {
    let keyring = PrivateKeyring.shared

    func service(_ home: DesktopHome) -> ProviderKeyService { ProviderKeyService(paths: home.paths, queue: home.queue) }

    func configure(_ home: DesktopHome) throws -> String {
        let url = "http://127.0.0.1:9/v1/\(UUID().uuidString)"
        #expect(try home.dose("config", "set", "provider.url", url).status == 0)
        #expect(try home.dose("config", "set", "provider.model", "m").status == 0)
        return url
    }

    @Test func aKeyNeedsAProviderURLFirst() throws {
        let home = try DesktopHome()
        let keys = service(home)
        guard case .failure(let failure) = try home.wait({ keys.store("sk-x", done: $0) }) else {
            Issue.record("stored without a provider")
            return
        }
        #expect(failure.message.contains("set the provider's URL first"))
    }

    @Test func theGroupSaysWhereAKeyWouldBeAndWhatIsMissingInSentences() throws {
        // The Preferences group's description with no provider: two sentences, each capitalized.
        let home = try DesktopHome()
        let status = try home.wait { service(home).status(done: $0) }
        #expect(PreferencesText.keyStatus(status)
            == "No key stored in the Secret Service. No AI provider is configured: set provider.url and provider.model")
    }

    @Test func storedInTheKeyringUsedAndTheDaemonWokenThenCleared() throws {
        let home = try DesktopHome()
        let url = try configure(home)
        let keys = service(home)
        #expect(try home.wait { keys.status(done: $0) }.source == .none)
        let wake = home.paths.runtimeDirectory! + "/daily-dose/learn.wake"
        #expect(!FileManager.default.fileExists(atPath: wake))
        let stored = try home.wait { keys.store("  sk-desktop\n", done: $0) }.get()
        #expect(stored.source == .keyring && stored.providerURL == url && stored.problem == nil)
        #expect(try ProviderKeyring.lookup(providerURL: url) == "sk-desktop", "stored trimmed, for this provider")
        #expect(FileManager.default.fileExists(atPath: wake), "the wake file a running daemon watches was rewritten")
        let cleared = try home.wait { keys.clear(done: $0) }.get()
        #expect(cleared.source == .none)
        #expect(try ProviderKeyring.lookup(providerURL: url) == nil)
    }

    @Test func aKeyWithAControlCharacterIsRefusedAndNotStored() throws {
        let home = try DesktopHome()
        let url = try configure(home)
        let keys = service(home)
        guard case .failure(let failure) = try home.wait({ keys.store("sk-\u{1B}[2J", done: $0) }) else {
            Issue.record("stored a key with ESC")
            return
        }
        #expect(failure.message.contains("control character") && !failure.message.contains("sk-"))
        #expect(try ProviderKeyring.lookup(providerURL: url) == nil)
    }

    @Test func aKeyFileComesBeforeTheKeyringAndTheStatusSaysSo() throws {
        let home = try DesktopHome()
        let url = try configure(home)
        let keys = service(home)
        _ = try home.wait { keys.store("sk-ring", done: $0) }.get()
        let keyFile = home.root.appendingPathComponent("key").path
        #expect(FileManager.default.createFile(atPath: keyFile, contents: Data("sk-file\n".utf8), attributes: [.posixPermissions: 0o600]))
        #expect(try home.dose("config", "set", "provider.key-file", keyFile).status == 0)
        #expect(try home.wait { keys.status(done: $0) }.source == .keyFile)
        try ProviderKeyring.clear(providerURL: url)
    }
}
