import DoseDesktop
import DoseSecret
import DoseTestSupport
import Foundation
import Testing

/// Preferences with a key stored for a plain http:// provider on another machine (issue 19): the group says,
/// in the app's words, that the key is not sent; the same key for a provider on this machine is used.
@Suite(.timeLimit(.minutes(5)), .watched) struct PlainHTTPKeyPreferencesTests {
    let keyring = PrivateKeyring.shared

    @Test(arguments: [("http://10.0.0.7:11434/v1", true), ("http://localhost:11434/v1", false)])
    func theGroupSaysAKeyIsNotSentInPlainTextToAnotherComputer(base: String, withheld: Bool) throws {
        let home = try DesktopHome()
        // A path of its own, so its key is this test's alone in the shared keyring.
        let url = "\(base)/\(UUID().uuidString)"
        #expect(try home.dose("config", "set", "provider.url", url).status == 0)
        #expect(try home.dose("config", "set", "provider.model", "m").status == 0)
        let keys = ProviderKeyService(paths: home.paths, queue: home.queue)
        let status = try home.wait { keys.store("sk-desktop-plain", done: $0) }.get()
        defer { _ = try? ProviderKeyring.clear(providerURL: url) }
        #expect(status.source == .keyring && status.keyWithheld == withheld, "\(status)")
        let text = PreferencesText.providerDescription(status)
        if withheld {
            #expect(status.problem?.contains("provider.url \(url) is plain http://") == true, "\(status)")
            #expect(text == "Makes flashcard decks and quizzes for the topics you tick. The key is not sent: the Provider URL is plain http:// to another computer, where anyone could read it. Use https://, or remove the key if the service needs none.")
            #expect(!text.contains("provider.url"), "no config key on screen: \(text)")
        } else {
            #expect(status.problem == nil && text == "Makes flashcard decks and quizzes for the topics you tick.", "\(text)")
        }
    }
}
