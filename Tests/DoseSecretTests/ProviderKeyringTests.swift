import DoseSecret
import DoseTestSupport
import Foundation
import Testing

/// The provider key through libsecret against a real GNOME Keyring on a private bus.
@Suite(.serialized, .timeLimit(.minutes(5)), .watched) struct ProviderKeyringTests {
    let keyring = PrivateKeyring.shared

    func uniqueURL() -> String { "http://127.0.0.1:9/v1/\(UUID().uuidString)" }

    @Test func storeLookUpReplaceAndClear() throws {
        let url = uniqueURL()
        #expect(try ProviderKeyring.lookup(providerURL: url) == nil)
        try ProviderKeyring.store("sk-first", providerURL: url)
        #expect(try ProviderKeyring.lookup(providerURL: url) == "sk-first")
        // Another libsecret client finds it by the documented attribute.
        #expect(try keyring.secretToolLookup(provider: url) == "sk-first")
        try ProviderKeyring.store("sk-second", providerURL: url)
        #expect(try ProviderKeyring.lookup(providerURL: url) == "sk-second", "a second store replaces the key")
        // Keys are per provider: another URL has none.
        #expect(try ProviderKeyring.lookup(providerURL: url + "/other") == nil)
        #expect(try ProviderKeyring.clear(providerURL: url) == true)
        #expect(try ProviderKeyring.lookup(providerURL: url) == nil)
        #expect(try keyring.secretToolLookup(provider: url) == nil)
        #expect(try ProviderKeyring.clear(providerURL: url) == false, "nothing left to clear")
    }

    @Test func aKeyAnotherClientStoredUnderTheSchemaIsFound() throws {
        let url = uniqueURL()
        try keyring.secretToolStore(provider: url, key: "sk-from-secret-tool", schema: ProviderKeyring.schemaName)
        #expect(try ProviderKeyring.lookup(providerURL: url) == "sk-from-secret-tool")
        #expect(try ProviderKeyring.clear(providerURL: url))
    }

    @Test func anItemOfAnotherSchemaIsNotTheProvidersKey() throws {
        let url = uniqueURL()
        try keyring.secretToolStore(provider: url, key: "sk-other-app", schema: "org.example.OtherApp")
        #expect(try ProviderKeyring.lookup(providerURL: url) == nil)
    }
}
