import DoseCore

/// Where and how to ask for decks and quizzes: the `provider.*` config keys, checked; pure.
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
    public var isLoopback: Bool {
        guard let host else { return false }
        if host == "localhost" || host.hasSuffix(".localhost") { return true }
        if host == "::1" || host == "0:0:0:0:0:0:0:1" { return true }
        let octets = host.split(separator: ".", omittingEmptySubsequences: false)
        if octets.count == 4, octets[0] == "127", octets.allSatisfy({ UInt8($0) != nil }) { return true }
        return false
    }

    /// A digest of these settings and of the key in use, so a pause can tell whether anything changed.
    ///
    /// The key enters only as a 64-bit digest: the store never sees the key itself.
    public func fingerprint(key: String?) -> String {
        let parts = [url ?? "-", model ?? "-", keyFile ?? "-", key.map { "k" + FNV1a.hex($0) } ?? "-"]
        return FNV1a.hex(parts.joined(separator: "\u{0}"))
    }
}
