import DoseLearning
import DoseSystem

extension LearnCommand {
    /// `dose learn quiz SUBJECT TOPIC [--interactive]`: prints the quiz, or asks it question by question.
    func quiz(_ arguments: inout Arguments) throws(CommandError) {
        let interactive = arguments.flag(.interactive)
        let key = try LearnSetup.topic(&arguments)
        try arguments.finish()
        let body = try artifact(.quiz, key)
        let quiz: Quiz
        do { quiz = try ArtifactValidator.quiz(from: body) } catch {
            throw CommandError("the stored quiz of \(key) is unreadable: \(error)", exitCode: .dataError)
        }
        guard interactive else {
            Console.print(LearnPrinter.quizText(quiz, key))
            return
        }
        Console.print("Quiz: \(key.subject) — \(key.topic). Answer with A, B, C or D.\n")
        var score = 0
        var asked = 0
        for (index, question) in quiz.questions.enumerated() {
            Console.print(LearnPrinter.questionText(question, number: index + 1))
            guard let answer = readChoice() else {
                Console.print("")
                break
            }
            asked += 1
            if answer == question.answer {
                score += 1
                Console.print("Right. \(question.explanation)\n")
            } else {
                Console.print("Not quite: the answer is \(LearnPrinter.letter(question.answer)). \(question.explanation)\n")
            }
        }
        Console.print("Score: \(score)/\(quiz.questions.count)" + (asked < quiz.questions.count ? " (\(asked) answered)" : ""))
    }

    /// Reads A–D from standard input, asking again on anything else; nil at end of input.
    private func readChoice() -> Int? {
        while true {
            Console.print("> ", terminator: "")
            guard let line = readLine() else { return nil }
            let word = line.uppercased().filter { !$0.isWhitespace }
            if let index = ["A", "B", "C", "D"].firstIndex(of: word) { return index }
            Console.print("Please answer A, B, C or D.")
        }
    }
}
