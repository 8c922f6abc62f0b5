import DoseCore
import DoseHTTP
import DoseSystem

/// Where and how to ask for decks and quizzes: the `provider.*` config keys, checked; pure (`keyRefusal` reads
/// the URL with libcurl's parser, the one the request goes through).
///
/// `provider.url` is the API's base URL, as OpenAI-compatible clients take it
/// (`https://api.openai.com/v1`, `http://localhost:11434/v1` for Ollama,
/// `http://127.0.0.1:8080/v1` for llama.cpp); requests go to `{url}/chat/completions`, joined to the
/// path before any query (`?api-version=…`). A URL whose path already ends in `/chat/completions` is used as it is.
public struct ProviderSettings: Sendable, Equatable {
    public var url: String?
    public var model: String?
    public var keyFile: String?

    public init(url: String?, model: String?, keyFile: String?) {
        self.url = url
        self.model = model
        self.keyFile = keyFile
    }

    /// Why no request can be made yet (nil when url and model are both set).
    public var missing: String? {
        switch (url, model) {
        case (nil, nil): return "no AI provider is configured: set provider.url and provider.model"
        case (nil, _): return "provider.url is not set"
        case (_, nil): return "provider.model is not set"
        default: return nil
        }
    }

    /// The chat-completions endpoint: `/chat/completions` joined to the URL's path, its query kept.
    ///
    /// `https://x/openai/deployments/d?api-version=2024-02-01` (Azure style) becomes
    /// `https://x/openai/deployments/d/chat/completions?api-version=2024-02-01`. A fragment is dropped:
    /// it is never sent to a server, and joined after it the path would be lost too.
    public var endpoint: String? {
        guard let url else { return nil }
        var rest = Substring(url)
        if let hash = rest.firstIndex(of: "#") { rest = rest[..<hash] }
        var query: Substring = ""
        if let mark = rest.firstIndex(of: "?") {
            query = rest[mark...]
            rest = rest[..<mark]
        }
        var base = String(rest)
        while base.hasSuffix("/") { base.removeLast() }
        let path = base.hasSuffix("/chat/completions") ? base : base + "/chat/completions"
        return path + (query == "?" ? "" : query)
    }

    /// The URL's host, without brackets, port or user info.
    public var host: String? {
        guard let url, let scheme = url.firstRange(of: "://") else { return nil }
        var rest = url[scheme.upperBound...]
        if let end = rest.firstIndex(where: { $0 == "/" || $0 == "?" || $0 == "#" }) { rest = rest[..<end] }
        if let at = rest.lastIndex(of: "@") { rest = rest[rest.index(after: at)...] }
        if rest.hasPrefix("[") {
            guard let close = rest.firstIndex(of: "]") else { return nil }
            return String(rest[rest.index(after: rest.startIndex)..<close])
        }
        if let colon = rest.lastIndex(of: ":") { rest = rest[..<colon] }
        return String(rest).lowercased()
    }

    /// True for a provider on this machine (127.0.0.0/8, ::1, localhost): it needs no network.
    ///
    /// Read without libcurl (`dose learn list` asks it and sends nothing); what decides where a key may go is
    /// `keyRefusal`, on the host as libcurl parses it.
    public var isLoopback: Bool {
        host.map { Loopback.contains(host: $0) } ?? false
    }

    /// Why `key` may not go to this provider, or nil when it may (no key, https, or http to this machine).
    ///
    /// Plain `http://` to another machine would carry `Authorization: Bearer …` across the network
    /// unencrypted, readable and replayable by anyone on the way: no request is made with a key there. A keyless
    /// provider (Ollama on the LAN) is asked as before, and so is any provider on this machine.
    public func keyRefusal(key: String?, source: ProviderKey.Source?) -> String? {
        // The host libcurl will connect to for the endpoint (`127.1` is 127.0.0.1), not this file's own reading.
        guard key != nil, let url, let endpoint, url.hasPrefix("http://"), !Loopback.contains(url: endpoint) else { return nil }
        guard let source else {
            return tr(
                "provider.url {url} is plain http:// to another machine: the API key would cross the network unencrypted, so nothing is sent; use an https:// URL, or remove the key for a server that needs none",
                ["url": url])
        }
        let from = switch source {
        case .environment: ProviderKey.environmentVariable
        case .keyFile: "provider.key-file"
        // TRANSLATORS: {source} in "the API key (from {source})".
        case .keyring, .none: tr("the Secret Service")
        }
        return tr(
            "provider.url {url} is plain http:// to another machine: the API key (from {source}) would cross the network unencrypted, so nothing is sent; use an https:// URL, or remove the key for a server that needs none",
            ["url": url, "source": from])
    }

    /// A digest of these settings and of the key in use, so a pause can tell whether anything changed.
    ///
    /// The key enters only as a 64-bit digest: the store never sees the key itself.
    public func fingerprint(key: String?) -> String {
        let parts = [url ?? "-", model ?? "-", keyFile ?? "-", key.map { "k" + FNV1a.hex($0) } ?? "-"]
        return FNV1a.hex(parts.joined(separator: "\u{0}"))
    }
}
