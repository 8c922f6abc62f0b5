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
            throw CommandError(tr("the stored quiz of {topic} is unreadable: {error}", ["topic": key, "error": error]), exitCode: .dataError)
        }
        guard interactive else {
            Console.print(LearnPrinter.quizText(quiz, key))
            return
        }
        Console.print(tr("Quiz: {subject} — {topic}. Answer with A, B, C or D.", ["subject": key.subject, "topic": key.topic]) + "\n")
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
                Console.print(tr("Right. {explanation}", ["explanation": question.explanation]) + "\n")
            } else {
                Console.print(tr("Not quite: the answer is {letter}. {explanation}",
                                 ["letter": LearnPrinter.letter(question.answer), "explanation": question.explanation]) + "\n")
            }
        }
        let total = quiz.questions.count
        Console.print(asked < total
            ? tr("Score: {score}/{total} ({asked} answered)", ["score": score, "total": total, "asked": asked])
            : tr("Score: {score}/{total}", ["score": score, "total": total]))
    }

    /// Reads A–D from standard input, asking again on anything else; nil at end of input.
    private func readChoice() -> Int? {
        while true {
            Console.print("> ", terminator: "")
            guard let line = readLine() else { return nil }
            let word = line.uppercased().filter { !$0.isWhitespace }
            if let index = ["A", "B", "C", "D"].firstIndex(of: word) { return index }
            Console.print(tr("Please answer A, B, C or D."))
        }
    }
}
