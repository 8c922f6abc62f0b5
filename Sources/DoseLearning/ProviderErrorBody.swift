import DoseCore

/// The useful parts of an OpenAI-style error body: `{"error": {"message", "type", "code"}}` or `{"error": "…"}`.
struct ProviderErrorBody {
    var message: String?
    var tags: [String] = []

    init(_ body: String) {
        guard let object = try? JSONParser.parse(body), object.object != nil else { return }
        if let error = object["error"], error.object != nil {
            message = error["message"]?.string
            tags = ["type", "code"].compactMap { error[$0]?.string }
        } else if let text = object["error"]?.string {
            message = text
        } else if let text = object["message"]?.string {
            message = text
        }
    }

    func mentions(_ tag: String) -> Bool { tags.contains(tag) }
}
