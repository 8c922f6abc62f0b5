import DoseStore
import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Asks an OpenAI-compatible chat-completions endpoint for a deck or a quiz, over FoundationNetworking.
///
/// An ephemeral session with no URL cache; `connectTimeout` bounds the connection and any idle
/// stretch, `totalTimeout` the whole request (enforced here as well, as a deadline).
public struct ChatCompletionsClient: ArtifactGenerating {
    public var connectTimeout: Double
    public var totalTimeout: Double
    static let maxResponseBytes = 2 * 1024 * 1024

    public init(connectTimeout: Double = 15, totalTimeout: Double = 120) {
        self.connectTimeout = connectTimeout
        self.totalTimeout = totalTimeout
    }

    public func generate(
        _ kind: LearningArtifactKind, for topic: TopicKey, settings: ProviderSettings, key: String?
    ) -> Result<String, AttemptFailure> {
        guard let endpoint = settings.endpoint, let url = URL(string: endpoint), let model = settings.model else {
            return .failure(.transport(.other, detail: "provider.url \(settings.url ?? "") is not a usable URL"))
        }
        var request = URLRequest(url: url, cachePolicy: .reloadIgnoringLocalCacheData, timeoutInterval: connectTimeout)
        request.httpMethod = "POST"
        request.setValue("application/json", forHTTPHeaderField: "Content-Type")
        request.setValue("application/json", forHTTPHeaderField: "Accept")
        if let key { request.setValue("Bearer \(key)", forHTTPHeaderField: "Authorization") }
        request.httpBody = Data(ChatRequest.body(for: kind, topic: topic, model: model))

        switch send(request) {
        case .failure(let failure):
            return .failure(failure)
        case .success(let (status, headers, body)):
            guard status == 200 else {
                let text = String(decoding: body.prefix(8192), as: UTF8.self)
                return .failure(.http(status: status, body: text, retryAfter: headers["retry-after"]))
            }
            guard body.count <= Self.maxResponseBytes else {
                return .failure(.invalidOutput("the response is larger than \(Self.maxResponseBytes) bytes"))
            }
            let content: String
            switch ChatResponse.content(of: [UInt8](body)) {
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
    }

    /// One request, blocking until it ends or the deadline passes.
    private func send(_ request: URLRequest) -> Result<(Int, [String: String], Data), AttemptFailure> {
        let configuration = URLSessionConfiguration.ephemeral
        configuration.urlCache = nil
        configuration.requestCachePolicy = .reloadIgnoringLocalCacheData
        configuration.timeoutIntervalForRequest = connectTimeout
        configuration.timeoutIntervalForResource = totalTimeout
        let session = URLSession(configuration: configuration)
        defer { session.invalidateAndCancel() }

        let box = ResultBox()
        let done = DispatchSemaphore(value: 0)
        let task = session.dataTask(with: request) { data, response, error in
            box.set(Self.outcome(data: data, response: response, error: error))
            done.signal()
        }
        task.resume()
        if done.wait(timeout: .now() + totalTimeout) == .timedOut {
            task.cancel()
            return .failure(.transport(.timedOut, detail: "no complete answer within \(Int(totalTimeout)) s"))
        }
        return box.get() ?? .failure(.transport(.other, detail: "the request ended without a result"))
    }

    private static func outcome(
        data: Data?, response: URLResponse?, error: (any Error)?
    ) -> Result<(Int, [String: String], Data), AttemptFailure> {
        if let error {
            let nsError = error as NSError
            let detail = nsError.localizedDescription
            guard nsError.domain == NSURLErrorDomain else { return .failure(.transport(.other, detail: detail)) }
            let problem: AttemptFailure.TransportProblem
            switch URLError.Code(rawValue: nsError.code) {
            case .notConnectedToInternet: problem = .notConnected
            case .networkConnectionLost: problem = .connectionLost
            case .cannotFindHost, .dnsLookupFailed: problem = .cannotFindHost
            case .cannotConnectToHost: problem = .cannotConnect
            case .timedOut: problem = .timedOut
            default: problem = .other
            }
            return .failure(.transport(problem, detail: detail))
        }
        guard let http = response as? HTTPURLResponse else {
            return .failure(.transport(.other, detail: "not an HTTP response"))
        }
        var headers: [String: String] = [:]
        for (name, value) in http.allHeaderFields {
            if let name = name as? String, let value = value as? String { headers[name.lowercased()] = value }
        }
        return .success((http.statusCode, headers, data ?? Data()))
    }
}

/// Carries the completion handler's result back to the waiting thread.
private final class ResultBox: @unchecked Sendable {
    private let lock = NSLock()
    private var value: Result<(Int, [String: String], Data), AttemptFailure>?

    func set(_ newValue: Result<(Int, [String: String], Data), AttemptFailure>) {
        lock.lock()
        defer { lock.unlock() }
        value = newValue
    }

    func get() -> Result<(Int, [String: String], Data), AttemptFailure>? {
        lock.lock()
        defer { lock.unlock() }
        return value
    }
}
