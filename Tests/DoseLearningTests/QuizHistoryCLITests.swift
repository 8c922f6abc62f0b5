import DoseCore
import DoseStore
import DoseTestSupport
import Foundation
import Testing

/// `dose learn quiz SUBJECT TOPIC --history`: the topic's scores, oldest first, in words with local dates.
@Suite(.timeLimit(.minutes(5)), .watched) struct QuizHistoryCLITests {
    @Test func theHistoryIsPrintedInTheUsersZone() throws {
        let box = try LearnSandbox()
        try box.startProvider(#"{"default": "ok"}"#)
        try box.configureProvider()
        try box.dose("learn", "tick", "Circuits", "Ohm")
        #expect(try box.dose("learn", "run").status == 0)
        let none = try box.dose("learn", "quiz", "circuits", "OHM", "--history")
        #expect(none.status == 0 && none.stdout == "No quiz score yet for Circuits — Ohm.\n", "\(none.stdout)")

        // 1_700_000_000 is 2023-11-14T22:13:20Z: the next morning in Tokyo.
        let study = StudyStore(database: try Database(path: box.databasePath))
        try study.recordQuizScore(subject: "Circuits", topic: "Ohm", score: QuizScore(takenAt: 1_700_000_000, answered: 6, correct: 4, total: 6))
        try study.recordQuizScore(subject: "Circuits", topic: "Ohm", score: QuizScore(takenAt: 1_700_003_600, answered: 2, correct: 1, total: 6))
        box.timeZone = "Asia/Tokyo"
        let run = try box.dose("learn", "quiz", "circuits", "OHM", "--history")
        #expect(run.stdout == """
            Quiz scores: Circuits — Ohm
            Wednesday, November 15, 2023 at 07:13: 4 of 6 right
            Wednesday, November 15, 2023 at 08:13: 1 of 2 right (4 of 6 not asked)

            """, "\(run.stdout)")

        let both = try box.run(["learn", "quiz", "Circuits", "Ohm", "--history", "-i"], stdin: "")
        #expect(both.status == 64 && both.stderr.contains("--interactive and --history do not go together"), "\(both.stderr)")
    }
}
