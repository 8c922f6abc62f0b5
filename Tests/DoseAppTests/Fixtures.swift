/// Packs used by the integration tests.
enum Fixtures {
    /// The golden pool of docs/resolver.md as a pack.
    static let goldenPack = """
        {"format": "daily-dose-pack/1", "items": [
        {"id": "f-ohm", "kind": "fact", "sortKey": 2, "text": "Ohm: $V = IR$"},
        {"id": "f-kcl", "kind": "fact", "sortKey": 1, "tags": ["EE", "EC"], "text": "KCL"},
        {"id": "f-big-o", "kind": "fact", "sortKey": 1, "tags": ["CS"], "text": "Big O"},
        {"id": "f-euler", "kind": "fact", "text": "Euler"},
        {"id": "f-Zeta", "kind": "fact", "text": "Zeta"},
        {"id": "f-alpha", "kind": "fact", "text": "Alpha"},
        {"id": "m-faraday", "kind": "formula", "sortKey": 5, "title": "Faraday", "text": "\\\\mathcal{E} = -\\\\frac{d\\\\Phi_B}{dt}"},
        {"id": "m-bernoulli", "kind": "formula", "sortKey": 5, "tags": ["ME", "CE"], "text": "p + \\\\tfrac{1}{2}\\\\rho v^2 = C"},
        {"id": "m-ohm", "kind": "formula", "sortKey": -3, "text": "V = IR"},
        {"id": "q-weber", "kind": "question", "text": "What is one weber?", "answer": "ANSWER-weber", "explanation": "EXPLAIN-weber"},
        {"id": "q-é", "kind": "question", "text": "Accent?", "answer": "ANSWER-e", "explanation": "EXPLAIN-e"},
        {"id": "q-z", "kind": "question", "text": "Zed?", "answer": "ANSWER-z"},
        {"id": "q-stack", "kind": "question", "sortKey": 7, "tags": ["CS"], "text": "LIFO or FIFO?", "answer": "ANSWER-stack"}
        ]}
        """

    /// A small valid pack that is not the golden one, to tell pools apart.
    static let otherPack = """
        {"format": "daily-dose-pack/1", "items": [
        {"id": "other-fact", "kind": "fact", "text": "Another fact"}
        ]}
        """
}
