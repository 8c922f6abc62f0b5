import Foundation

/// The useful parts of an OpenAI-style error body: `{"error": {"message", "type", "code"}}` or `{"error": "…"}`.
struct ProviderErrorBody {
    var message: String?
    var tags: [String] = []

    init(_ body: String) {
        guard let data = body.data(using: .utf8),
            let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any]
        else { return }
        if let error = object["error"] as? [String: Any] {
            message = error["message"] as? String
            tags = ["type", "code"].compactMap { error[$0] as? String }
        } else if let text = object["error"] as? String {
            message = text
        } else if let text = object["message"] as? String {
            message = text
        }
    }

    func mentions(_ tag: String) -> Bool { tags.contains(tag) }
}
