import DoseStore

/// Something that produces one validated artifact (as canonical JSON) for a topic, or says why not.
///
/// Blocking: the worker calls it from its own serial queue, one call at a time.
public protocol ArtifactGenerating: Sendable {
    func generate(
        _ kind: LearningArtifactKind, for topic: TopicKey, settings: ProviderSettings, key: String?
    ) -> Result<String, AttemptFailure>
}
