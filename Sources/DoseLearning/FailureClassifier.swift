import DoseSystem

/// Sorts failed requests into retryable, offline and needs-the-user; pure.
///
/// Every provider failure message is made here, and every one leaves through `redaction`: what the
/// worker stores, prints and logs never holds the key a provider quoted back (`KeyRedaction`).
public enum FailureClassifier {
    /// The verdict on `failure`, given what the network monitor says right now and the time
    /// (for a `Retry-After` that is a date), its reason with the key in use taken out.
    public static func classify(
        _ failure: AttemptFailure, networkAvailable: Bool, now: Int64, redaction: KeyRedaction = .none
    ) -> Verdict {
        switch judge(failure, networkAvailable: networkAvailable, now: now, redaction: redaction) {
        case .retry(let reason, let scope): .retry(reason: redaction.apply(reason), scope: scope)
        case .offline(let reason): .offline(reason: redaction.apply(reason))
        case .needsUser(let reason): .needsUser(reason: redaction.apply(reason))
        }
    }

    private static func judge(_ failure: AttemptFailure, networkAvailable: Bool, now: Int64, redaction: KeyRedaction) -> Verdict {
        switch failure {
        case .invalidOutput(let reason):
            return .retry(reason: tr("the provider's answer was not usable: {reason}", ["reason": reason]), scope: .topic)
        case .redirectRefused(let reason), .keyWithheld(let reason):
            return .needsUser(reason: reason)
        case .transport(let problem, let detail):
            return classify(problem, detail: detail, networkAvailable: networkAvailable)
        case .http(let status, let body, let retryAfterHeader):
            let error = ProviderErrorBody(body)
            // Taken out before the clip, which could otherwise leave a short piece of the key at the cut.
            let said = error.message.map { ": \(Self.clip(redaction.apply($0)))" } ?? ""
            switch status {
            case 401:
                return .needsUser(reason: tr("the provider refused the API key (HTTP 401){said}; check provider.key-file or DOSE_PROVIDER_KEY", ["said": said]))
            case 403:
                return .needsUser(reason: tr("the provider denied access (HTTP 403){said}; check the key and its permissions", ["said": said]))
            case 404:
                return .needsUser(reason: tr("the provider has no such model or endpoint (HTTP 404){said}; check provider.model and provider.url", ["said": said]))
            case 429 where error.mentions("insufficient_quota"):
                return .needsUser(reason: tr("the provider's quota is exhausted (HTTP 429 insufficient_quota){said}; add credit or change the provider", ["said": said]))
            case 400 where error.mentions("invalid_api_key"):
                return .needsUser(reason: tr("the provider refused the API key (HTTP 400){said}; check provider.key-file or DOSE_PROVIDER_KEY", ["said": said]))
            case 400 where error.mentions("model_not_found"):
                return .needsUser(reason: tr("the provider has no such model (HTTP 400){said}; check provider.model", ["said": said]))
            case 429, 503:
                // A rate limit or an overloaded server is the provider's, not the topic's: every topic would meet it.
                let wait = retryAfterHeader.flatMap { RetryAfter.seconds($0, now: now) }
                return .retry(
                    reason: tr("the provider is busy (HTTP {status}){said}", ["status": status, "said": said]),
                    scope: .provider(retryAfter: wait))
            default:
                // A 5xx (or 408) may be this request's alone (a prompt the model chokes on, a gateway timing out a
                // long answer); other 4xx are about this request.
                let scope: RetryScope = status >= 500 || status == 408 ? .server : .topic
                return .retry(reason: tr("the provider answered HTTP {status}{said}", ["status": status, "said": said]), scope: scope)
            }
        }
    }

    private static func classify(
        _ problem: AttemptFailure.TransportProblem, detail: String, networkAvailable: Bool
    ) -> Verdict {
        switch problem {
        case .notConnected:
            return .offline(reason: tr("no network: {detail}", ["detail": detail]))
        case .connectionLost, .cannotFindHost, .cannotConnect, .timedOut:
            // These happen when the network just went away, and also with a network and a
            // dead server: the monitor, asked again after the failure, tells them apart.
            if !networkAvailable { return .offline(reason: tr("the network went away: {detail}", ["detail": detail])) }
            // Nothing listening or no such host: no topic can get through. A timeout or a dropped connection
            // may be one long answer's.
            let scope: RetryScope = problem == .connectionLost || problem == .timedOut ? .server : .provider(retryAfter: nil)
            return .retry(reason: tr("cannot reach the provider: {detail}", ["detail": detail]), scope: scope)
        case .other:
            // TLS, an unusable URL: nothing about the topic.
            return .retry(reason: tr("request failed: {detail}", ["detail": detail]), scope: .provider(retryAfter: nil))
        }
    }

    static func clip(_ text: String, to limit: Int = 200) -> String {
        let flat = text.split(whereSeparator: { $0.isNewline }).joined(separator: " ")
        return flat.count <= limit ? flat : String(flat.prefix(limit)) + "…"
    }
}
