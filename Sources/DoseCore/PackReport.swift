/// The outcome of validating a content pack: the items that passed and everything found.
public struct PackReport: Sendable {
    /// Items without problems, with defaults applied, in pack order.
    public var items: [Item]
    /// The pack's syllabus (empty when it has none, or when it has problems).
    public var syllabus: Syllabus
    /// Every rule the pack breaks; any problem means the pack must not be imported.
    public var problems: [PackProblem]
    /// Oddities that do not block an import, such as unknown fields.
    public var warnings: [PackProblem]

    public init(items: [Item] = [], syllabus: Syllabus = Syllabus(), problems: [PackProblem] = [], warnings: [PackProblem] = []) {
        self.items = items
        self.syllabus = syllabus
        self.problems = problems
        self.warnings = warnings
    }

    public var isValid: Bool { problems.isEmpty }
}
