extension CopyBuilder {
    /// The notification's own words around the content (DoseCore has no gettext: the scheduler passes them
    /// in the user's language, `--json` and the tests keep `.english`).
    public struct Words: Sendable, Equatable {
        /// The headline of each kind: "Fact of the day", "Formula of the day", "Question of the day".
        public var fact: String
        public var formula: String
        public var question: String
        /// A summary with a title: `{headline}` and `{title}` are replaced once each, the title last, so a
        /// title holding `{headline}` is shown as it is.
        public var titled: String

        public init(fact: String, formula: String, question: String, titled: String) {
            self.fact = fact
            self.formula = formula
            self.question = question
            self.titled = titled
        }

        /// The English copy.
        public static let english = Words(
            fact: "Fact of the day", formula: "Formula of the day", question: "Question of the day",
            titled: "{headline}: {title}")

        /// The headline of `kind`.
        public func headline(for kind: Kind) -> String {
            switch kind {
            case .fact: return fact
            case .formula: return formula
            case .question: return question
            }
        }

        /// `titled` with the headline and the title in place.
        func summary(headline: String, title: String) -> String {
            let parts = titled.split(separator: "{title}", maxSplits: 1, omittingEmptySubsequences: false)
            let fill = { (part: Substring) in
                part.split(separator: "{headline}", omittingEmptySubsequences: false).joined(separator: headline)
            }
            guard parts.count == 2 else { return fill(parts[0]) + ": " + title }
            return fill(parts[0]) + title + fill(parts[1])
        }
    }
}
