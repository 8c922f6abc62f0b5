import Foundation

/// Extracts the assistant's message content from a chat-completions answer; pure.
public enum ChatResponse {
    /// The first choice's `message.content`, or an `invalidOutput` failure saying what is wrong.
    public static func content(of body: Data) -> Result<String, AttemptFailure> {
        guard let object = try? JSONSerialization.jsonObject(with: body) as? [String: Any] else {
            return .failure(.invalidOutput("the response is not a JSON object"))
        }
        guard let choices = object["choices"] as? [Any], let first = choices.first as? [String: Any] else {
            return .failure(.invalidOutput("the response has no choices"))
        }
        if let reason = first["finish_reason"] as? String, reason == "length" {
            return .failure(.invalidOutput("the answer was cut off (finish_reason length)"))
        }
        guard let message = first["message"] as? [String: Any] else {
            return .failure(.invalidOutput("the response's first choice has no message"))
        }
        if let refusal = message["refusal"] as? String, !refusal.isEmpty {
            return .failure(.invalidOutput("the model refused: \(FailureClassifier.clip(refusal))"))
        }
        guard let content = message["content"] as? String else {
            return .failure(.invalidOutput("the message has no text content"))
        }
        return .success(content)
    }
}
