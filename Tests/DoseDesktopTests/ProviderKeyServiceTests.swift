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
        #expect(failure.message == "Add the provider's URL first: a key belongs to one provider.")
    }

    @Test func theGroupSaysWhatIsMissingInTheAppsWordsAndFollowsTheModel() throws {
        // The Preferences group's description with no provider, then with a URL but no model (issue 21: it said
        // "Provider.model is not set", and kept saying it after the model was set).
        let home = try DesktopHome()
        var status = try home.wait { service(home).status(done: $0) }
        #expect(PreferencesText.providerDescription(status)
            == "Makes flashcard decks and quizzes for the topics you tick. Add the provider's URL and model to have decks made.")
        #expect(status.problem == "no AI provider is configured: set provider.url and provider.model", "the command line's words stay")
        #expect(try home.dose("config", "set", "provider.url", "http://127.0.0.1:9/v1").status == 0)
        status = try home.wait { service(home).status(done: $0) }
        #expect(PreferencesText.providerDescription(status)
            == "Makes flashcard decks and quizzes for the topics you tick. Add the model's name to have decks made.")
        #expect(try home.dose("config", "set", "provider.model", "m").status == 0)
        status = try home.wait { service(home).status(done: $0) }
        #expect(PreferencesText.providerDescription(status) == "Makes flashcard decks and quizzes for the topics you tick.")
        #expect(!status.keySaved)
    }

    @Test func aRemovedKeyComesBackWithItsUndo() throws {
        let home = try DesktopHome()
        let url = try configure(home)
        let keys = service(home)
        #expect(try home.wait { keys.store("sk-undo", done: $0) }.get().keySaved)
        let (status, removed) = try home.wait { keys.remove(done: $0) }.get()
        #expect(!status.keySaved && status.source == .none)
        #expect(try ProviderKeyring.lookup(providerURL: url) == nil, "removed from the Secret Service at once")
        let kept = try #require(removed)
        #expect(kept.key == "sk-undo" && kept.providerURL == url)
        // The provider changed meanwhile: Undo still puts the key back where it was.
        #expect(try home.dose("config", "set", "provider.url", "http://127.0.0.1:9/other").status == 0)
        _ = try home.wait { keys.store(kept.key, providerURL: kept.providerURL, done: $0) }.get()
        #expect(try ProviderKeyring.lookup(providerURL: url) == "sk-undo")
        #expect(try ProviderKeyring.lookup(providerURL: "http://127.0.0.1:9/other") == nil)
        try ProviderKeyring.clear(providerURL: url)
        // Nothing saved: nothing to undo.
        #expect(try home.wait { keys.remove(done: $0) }.get().removed == nil)
    }

    @Test func storedInTheKeyringUsedAndTheDaemonWokenThenCleared() throws {
        let home = try DesktopHome()
        let url = try configure(home)
        let keys = service(home)
        #expect(try home.wait { keys.status(done: $0) }.source == .none)
        let wake = home.paths.runtimeDirectory! + "/daily-dose/learn.wake"
        #expect(!FileManager.default.fileExists(atPath: wake))
        let stored = try home.wait { keys.store("  sk-desktop\n", done: $0) }.get()
        #expect(stored.source == .keyring && stored.providerURL == url && stored.problem == nil && stored.keySaved)
        #expect(try ProviderKeyring.lookup(providerURL: url) == "sk-desktop", "stored trimmed, for this provider")
        #expect(FileManager.default.fileExists(atPath: wake), "the wake file a running daemon watches was rewritten")
        let cleared = try home.wait { keys.clear(done: $0) }.get()
        #expect(cleared.source == .none && !cleared.keySaved)
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
        #expect(failure.message == "This key can't be saved: it holds a character a key never has.")
        #expect(failure.detail?.contains("control character") == true && failure.detail?.contains("sk-") == false)
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
        let status = try home.wait { keys.status(done: $0) }
        #expect(status.source == .keyFile && status.keySaved, "the key file is used; the one saved here is still there")
        #expect(PreferencesText.keyStatus(status) == ["A key file set up outside the app is used instead of a key saved here."])
        try ProviderKeyring.clear(providerURL: url)
    }
}
