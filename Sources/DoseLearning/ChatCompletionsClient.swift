import DoseHTTP
import DoseStore

/// Asks an OpenAI-compatible chat-completions endpoint for a deck or a quiz, through DoseHTTP.
///
/// Limits (docs/learning.md): `connectTimeout` to connect, `totalTimeout` for the whole request
/// (redirects included), a connection that sends less than 1 byte/s for half of `totalTimeout` is
/// dead, and the answer is capped at 2 MiB, counted as it arrives after decompression. The key
/// goes to `provider.url`'s origin only: a redirect anywhere else is refused, never followed; and never in
/// plain text across the network (`ProviderSettings.keyRefusal`: checked here too, before anything is sent).
public struct ChatCompletionsClient: ArtifactGenerating {
    public var connectTimeout: Double
    public var totalTimeout: Double
    /// Blocking for `dose learn run`; the GLib loop's (submit and wait) in the daemon.
    let transport: any HTTPTransport
    static let maxResponseBytes = 2 * 1024 * 1024

    public init(transport: any HTTPTransport, connectTimeout: Double = 15, totalTimeout: Double = 120) {
        self.transport = transport
        self.connectTimeout = connectTimeout
        self.totalTimeout = totalTimeout
    }

    public func generate(
        _ kind: LearningArtifactKind, for topic: TopicKey, settings: ProviderSettings, key: String?
    ) -> Result<String, AttemptFailure> {
        guard let endpoint = settings.endpoint, let model = settings.model else {
            return .failure(.transport(.other, detail: "provider.url \(settings.url ?? "") is not a usable URL"))
        }
        if let refusal = settings.keyRefusal(key: key, source: nil) { return .failure(.keyWithheld(refusal)) }
        let request = HTTPRequest(
            url: endpoint, method: .post,
            headers: [("Content-Type", "application/json"), ("Accept", "application/json")],
            body: ChatRequest.body(for: kind, topic: topic, model: model),
            bearer: key, limits: limits, crossOriginRedirects: .refuse)
        let response: HTTPResponse
        switch transport.send(request) {
        case .failure(let error): return .failure(Self.failure(error))
        case .success(let answer): response = answer
        }
        guard response.status == 200 else {
            let text = String(decoding: response.body.prefix(8192), as: UTF8.self)
            return .failure(.http(status: response.status, body: text, retryAfter: response.headers["retry-after"]))
        }
        let content: String
        switch ChatResponse.content(of: response.body) {
        case .failure(let failure): return .failure(failure)
        case .success(let text): content = text
        }
        do {
            switch kind {
            case .deck: return .success(ArtifactValidator.canonicalJSON(try ArtifactValidator.deck(from: content)))
            case .quiz: return .success(ArtifactValidator.canonicalJSON(try ArtifactValidator.quiz(from: content)))
            }
        } catch {
            return .failure(.invalidOutput(error.message))
        }
    }

    var limits: HTTPLimits {
        let deadline = Int(totalTimeout * 1000)
        // A provider says nothing until its answer is whole, so only half the deadline of silence
        // marks a dead connection; the deadline itself bounds a slow model.
        return HTTPLimits(
            maxBodyBytes: Self.maxResponseBytes, connectTimeoutMilliseconds: min(Int(connectTimeout * 1000), deadline),
            deadlineMilliseconds: deadline, lowSpeedBytesPerSecond: 1, lowSpeedSeconds: max(1, Int(totalTimeout / 2)))
    }

    /// The attempt failure an HTTP error stands for, so `FailureClassifier` can judge it.
    static func failure(_ error: HTTPError) -> AttemptFailure {
        switch error.kind {
        case .cannotResolve: return .transport(.cannotFindHost, detail: error.message)
        case .cannotConnect: return .transport(.cannotConnect, detail: error.message)
        case .connectionLost: return .transport(.connectionLost, detail: error.message)
        case .timedOut, .tooSlow: return .transport(.timedOut, detail: error.message)
        case .tooLarge: return .invalidOutput(error.message)
        case .invalidURL: return .transport(.other, detail: "provider.url is not a usable URL: \(error.message)")
        case .other, .cannotStore: return .transport(.other, detail: error.message)
        case .refusedRedirect:
            let target = error.redirectTarget.map { " (\($0))" } ?? ""
            return .redirectRefused(
                "the provider redirected to another origin\(target), where the key may not go; set provider.url to the final address")
        case .tooManyRedirects:
            return .redirectRefused("the provider redirected more than 5 times; set provider.url to the final address")
        }
    }
}
