/// Answers "could a request reach a provider off this machine right now?".
public protocol NetworkStatus: Sendable {
    func isAvailable() -> Bool
}
