/// Every size limit a content pack is checked against, in one place.
///
/// Prose limits count Unicode scalars (close to "characters" for every script, and, unlike
/// grapheme clusters, stable across Unicode versions); the id and the whole pack count bytes.
public enum PackLimits {
    /// The pack file, checked before parsing so a huge file is never parsed.
    public static let maxPackBytes = 64 * 1024 * 1024
    /// Nesting of arrays/objects; a valid pack needs 3 (pack, items, item) plus tags.
    public static let maxDepth = 32
    public static let maxItems = 200_000
    /// Id length in UTF-8 bytes (the id must be at least 1 byte).
    public static let maxIDBytes = 128
    public static let maxTagsPerItem = 64
    public static let maxTitleScalars = 200
    public static let maxTextScalars = 4_000
    public static let maxAnswerScalars = 2_000
    public static let maxExplanationScalars = 8_000
    /// A syllabus's subjects, and its topics over every subject.
    public static let maxSyllabusSubjects = 1_000
    public static let maxSyllabusTopics = 20_000
    /// A subject's or a topic's name, in Unicode scalars: `dose learn tick`'s limit (`TopicKey.maxLength`),
    /// which the store's CHECK counts too (SQLite's `length()`).
    public static let maxNameScalars = 200
    /// The years of study a syllabus subject may name.
    public static let syllabusYears = 1...6
    /// The one `format` value this version understands.
    public static let format = "daily-dose-pack/1"
}
