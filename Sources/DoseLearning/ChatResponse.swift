import DoseCore

/// Extracts the assistant's message content from a chat-completions answer; pure.
public enum ChatResponse {
    /// The first choice's `message.content`, or an `invalidOutput` failure saying what is wrong.
    public static func content(of body: [UInt8]) -> Result<String, AttemptFailure> {
        guard let response = try? JSONParser.parse(body), response.object != nil else {
            return .failure(.invalidOutput("the response is not a JSON object"))
        }
        guard let first = response["choices"]?.array?.first, first.object != nil else {
            return .failure(.invalidOutput("the response has no choices"))
        }
        if first["finish_reason"]?.string == "length" {
            return .failure(.invalidOutput("the answer was cut off (finish_reason length)"))
        }
        guard let message = first["message"], message.object != nil else {
            return .failure(.invalidOutput("the response's first choice has no message"))
        }
        if let refusal = message["refusal"]?.string, !refusal.isEmpty {
            return .failure(.invalidOutput("the model refused: \(FailureClassifier.clip(refusal))"))
        }
        guard let content = message["content"]?.string else {
            return .failure(.invalidOutput("the message has no text content"))
        }
        return .success(content)
    }
}
