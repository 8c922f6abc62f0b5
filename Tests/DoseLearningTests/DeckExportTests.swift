import DoseLearning
import DoseTestSupport
import Foundation
import Testing

/// Anki's tab-separated import and the Markdown export.
@Suite(.timeLimit(.minutes(5)), .watched) struct DeckExportTests {
    let deck = Deck(cards: [
        Flashcard(front: "Chain rule for $f(g(x))$?", back: "$f'(g(x))\\,g'(x)$"),
        Flashcard(front: "A \"quoted\"\tfront", back: "two\nlines"),
    ])

    @Test func ankiGetsDisplayMathInMathJaxBracketsAndKeepsAnEscapedDollar() {
        let display = Deck(cards: [Flashcard(front: "Area: $$\\pi r^2$$", back: "costs \\$5, $x$")])
        let line = DeckExport.anki(display, subject: "S", topic: "T").split(separator: "\n")[3]
        #expect(line == "Area: \\[\\pi r^2\\]\tcosts $5, \\(x\\)\tdaily-dose S S::T", "\(line)")
    }

    @Test func ankiTabSeparatedWithHeaderQuotingAndTags() {
        let text = DeckExport.anki(deck, subject: "Calculus", topic: "Chain rule")
        #expect(text == """
            #separator:tab
            #html:false
            #tags column:3
            Chain rule for \\(f(g(x))\\)?\t\\(f'(g(x))\\,g'(x)\\)\tdaily-dose Calculus Calculus::Chain_rule
            "A ""quoted""\tfront"\t"two
            lines"\tdaily-dose Calculus Calculus::Chain_rule

            """)
    }

    @Test func markdownHasCardsQuestionsAndAnswers() {
        let quiz = Quiz(questions: [QuizQuestion(prompt: "Pick $x$", choices: ["a", "b", "c", "d"], answer: 2, explanation: "Because c.")])
        let text = DeckExport.markdown(deck, quiz, subject: "Calculus", topic: "Chain rule")
        #expect(text.hasPrefix("# Calculus — Chain rule\n\n## Flashcards\n\n1. **Chain rule for $f(g(x))$?**  \n   $f'(g(x))\\,g'(x)$\n"))
        #expect(text.contains("2. **A \"quoted\"\tfront**  \n   two lines\n"))
        #expect(text.contains("## Quiz\n\n1. Pick $x$\n   - A) a\n   - B) b\n   - C) c\n   - D) d\n\n### Answers\n\n1. C — Because c.\n"))
    }

    @Test func theCommandWritesBothFormats() throws {
        let box = try LearnSandbox()
        try box.startProvider()
        try box.configureProvider()
        try box.dose("learn", "tick", "Circuits", "Ohm's law")
        #expect(try box.dose("learn", "run").status == 0)
        let anki = box.root.appendingPathComponent("ohm.txt").path
        let run = try box.dose("learn", "export", "circuits", "OHM'S LAW", "--anki", anki)
        #expect(run.status == 0, "\(run.stderr)")
        let lines = try String(contentsOfFile: anki, encoding: .utf8).split(separator: "\n")
        #expect(lines.count == 13 && lines[3] == "Ohm's law: question 1?\tAnswer 1 about Ohm's law.\tdaily-dose Circuits Circuits::Ohm's_law")
        let markdown = box.root.appendingPathComponent("ohm.md").path
        #expect(try box.dose("learn", "export", "Circuits", "Ohm's law", "--markdown", markdown).status == 0)
        let text = try String(contentsOfFile: markdown, encoding: .utf8)
        #expect(text.contains("## Flashcards") && text.contains("### Answers") && text.contains("6. B — Because 1 is right."))
        // One of the two, exactly.
        #expect(try box.dose("learn", "export", "Circuits", "Ohm's law").status == 64)
        #expect(try box.dose("learn", "export", "Circuits", "Ohm's law", "--anki", anki, "--markdown", markdown).status == 64)
        // A file where its directory should be: exit 73.
        let bad = try box.dose("learn", "export", "Circuits", "Ohm's law", "--anki", anki + "/x.txt")
        #expect(bad.status == 73, "\(bad.stderr)")
    }
}
