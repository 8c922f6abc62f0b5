/// FSRS-6, the spaced-repetition scheduler Anki adopted in 23.10, as py-fsrs 6.3.1 computes it.
///
/// Pure: the review's time is an argument. No fuzz, so the same grades at the same times always
/// give the same intervals (the tests pin py-fsrs's own sequence). Formulas and parameters are
/// written out in docs/learning.md.
public struct FSRS: Sendable {
    /// py-fsrs 6.3.1's default weights w0…w20 (changed in Sept 2025, py-fsrs PR #133; pinned here).
    public static let defaultParameters: [Double] = [
        0.212, 1.2931, 2.3065, 8.2956, 6.4133, 0.8334, 3.0194, 0.001, 1.8722, 0.1666, 0.796,
        1.4835, 0.0614, 0.2629, 1.6483, 0.6014, 1.8729, 0.5425, 0.0912, 0.0658, 0.1542,
    ]
    static let minimumStability = 0.001
    static let day: Int64 = 86_400

    public let parameters: [Double]
    public let desiredRetention: Double
    /// Learning steps in seconds (py-fsrs: 1 and 10 minutes).
    public let learningSteps: [Int64]
    /// Relearning steps in seconds (py-fsrs: 10 minutes).
    public let relearningSteps: [Int64]
    /// The longest interval, in days.
    public let maximumInterval: Int
    /// −w20: how fast recall falls with time.
    public let decay: Double
    /// 0.9^(1/decay) − 1, so that R(S, S) = 0.9.
    public let factor: Double

    /// - Precondition: 21 parameters.
    public init(
        parameters: [Double] = FSRS.defaultParameters, desiredRetention: Double = 0.9,
        learningSteps: [Int64] = [60, 600], relearningSteps: [Int64] = [600], maximumInterval: Int = 36_500
    ) {
        precondition(parameters.count == 21, "FSRS-6 takes 21 parameters")
        self.parameters = parameters
        self.desiredRetention = desiredRetention
        self.learningSteps = learningSteps
        self.relearningSteps = relearningSteps
        self.maximumInterval = maximumInterval
        decay = -parameters[20]
        factor = Elementary.pow(0.9, 1 / decay) - 1
    }

    private var w: [Double] { parameters }

    // MARK: The formulas

    /// R(t, S) = (1 + FACTOR·t/S)^DECAY: the probability of recall after `elapsedDays`.
    public func retrievability(elapsedDays: Double, stability: Double) -> Double {
        Elementary.pow(1 + factor * elapsedDays / stability, decay)
    }

    /// The card's probability of recall at `now` (0 before its first grade), counting whole days as py-fsrs does.
    public func retrievability(of card: FSRSCard, now: Int64) -> Double {
        guard let last = card.lastReview, let stability = card.stability else { return 0 }
        return retrievability(elapsedDays: Double(Self.elapsedDays(from: last, to: now)), stability: stability)
    }

    /// The interval in days at which recall falls to `retention`, rounded (half to even, as Python), 1…maximum.
    public func interval(stability: Double, retention: Double? = nil) -> Int {
        let r = retention ?? desiredRetention
        let raw = stability / factor * (Elementary.pow(r, 1 / decay) - 1)
        return min(max(Int(raw.rounded(.toNearestOrEven)), 1), maximumInterval)
    }

    /// The unrounded interval, for checks against published values.
    public func exactInterval(stability: Double, retention: Double) -> Double {
        stability / factor * (Elementary.pow(retention, 1 / decay) - 1)
    }

    /// S0 = w[G−1].
    public func initialStability(_ grade: FSRSGrade) -> Double {
        max(w[grade.rawValue - 1], Self.minimumStability)
    }

    /// D0(G) = w4 − e^(w5·(G−1)) + 1, clamped to 1…10 unless asked not to.
    public func initialDifficulty(_ grade: FSRSGrade, clamped: Bool = true) -> Double {
        let d = w[4] - Elementary.exp(w[5] * Double(grade.rawValue - 1)) + 1
        return clamped ? Self.clampDifficulty(d) : d
    }

    /// D' = w7·D0(Easy, unclamped) + (1−w7)·(D + (10−D)·(−w6·(G−3))/9), clamped to 1…10.
    public func nextDifficulty(_ difficulty: Double, _ grade: FSRSGrade) -> Double {
        let delta = -(w[6] * Double(grade.rawValue - 3))
        let damped = difficulty + (10 - difficulty) * delta / 9
        return Self.clampDifficulty(w[7] * initialDifficulty(.easy, clamped: false) + (1 - w[7]) * damped)
    }

    /// Same-day review: S·e^(w17·(G−3+w18))·S^(−w19), never shrinking for Good or Easy.
    public func shortTermStability(_ stability: Double, _ grade: FSRSGrade) -> Double {
        var increase = Elementary.exp(w[17] * (Double(grade.rawValue) - 3 + w[18])) * Elementary.pow(stability, -w[19])
        if grade == .good || grade == .easy { increase = max(increase, 1) }
        return max(stability * increase, Self.minimumStability)
    }

    /// A review a day or more later: the recall formula, or the lapse formula for Again.
    public func nextStability(difficulty d: Double, stability s: Double, retrievability r: Double, _ grade: FSRSGrade) -> Double {
        let next: Double
        if grade == .again {
            let longTerm = w[11] * Elementary.pow(d, -w[12]) * (Elementary.pow(s + 1, w[13]) - 1)
                * Elementary.exp((1 - r) * w[14])
            next = min(longTerm, s / Elementary.exp(w[17] * w[18]))
        } else {
            let hardPenalty = grade == .hard ? w[15] : 1
            let easyBonus = grade == .easy ? w[16] : 1
            next = s * (1 + Elementary.exp(w[8]) * (11 - d) * Elementary.pow(s, -w[9])
                * (Elementary.exp((1 - r) * w[10]) - 1) * hardPenalty * easyBonus)
        }
        return max(next, Self.minimumStability)
    }

    // MARK: Grading

    /// The card after `grade` at `now`: new stability and difficulty, state, step and due time.
    public func review(_ card: FSRSCard, grade: FSRSGrade, now: Int64) -> FSRSCard {
        var next = card
        let sameDay = card.lastReview.map { Self.elapsedDays(from: $0, to: now) < 1 } ?? false
        if let stability = card.stability, let difficulty = card.difficulty {
            next.stability = sameDay
                ? shortTermStability(stability, grade)
                : nextStability(difficulty: difficulty, stability: stability,
                                retrievability: retrievability(of: card, now: now), grade)
            next.difficulty = nextDifficulty(difficulty, grade)
        } else {
            next.stability = initialStability(grade)
            next.difficulty = initialDifficulty(grade)
        }
        let stability = next.stability ?? Self.minimumStability
        let wait: Int64
        switch card.state {
        case .new, .learning:
            wait = stepWait(&next, steps: learningSteps, grade: grade, stability: stability)
        case .relearning:
            wait = stepWait(&next, steps: relearningSteps, grade: grade, stability: stability)
        case .review:
            if grade == .again {
                next.lapses += 1
                if relearningSteps.isEmpty {
                    wait = Int64(interval(stability: stability)) * Self.day
                } else {
                    next.state = .relearning
                    next.step = 0
                    wait = relearningSteps[0]
                }
            } else {
                wait = Int64(interval(stability: stability)) * Self.day
            }
        }
        next.reps += 1
        next.lastReview = now
        next.due = now + wait
        return next
    }

    /// The wait of a card in (re)learning steps, moving it on a step or into review.
    private func stepWait(_ card: inout FSRSCard, steps: [Int64], grade: FSRSGrade, stability: Double) -> Int64 {
        let step = card.step ?? 0
        card.state = card.state == .new ? .learning : card.state
        // Past the last step (the steps were shortened since) any pass graduates the card.
        if steps.isEmpty || (step >= steps.count && grade != .again) {
            return graduate(&card, stability: stability)
        }
        switch grade {
        case .again:
            card.step = 0
            return steps[0]
        case .hard:
            if step == 0 { return steps.count == 1 ? steps[0] * 3 / 2 : (steps[0] + steps[1]) / 2 }
            return steps[step]
        case .good:
            if step + 1 == steps.count { return graduate(&card, stability: stability) }
            card.step = step + 1
            return steps[step + 1]
        case .easy:
            return graduate(&card, stability: stability)
        }
    }

    private func graduate(_ card: inout FSRSCard, stability: Double) -> Int64 {
        card.state = .review
        card.step = nil
        return Int64(interval(stability: stability)) * Self.day
    }

    /// Whole days between two times, floored (Python's `timedelta.days`).
    static func elapsedDays(from start: Int64, to end: Int64) -> Int64 {
        let seconds = end - start
        return seconds >= 0 ? seconds / day : -((-seconds + day - 1) / day)
    }

    private static func clampDifficulty(_ d: Double) -> Double { min(max(d, 1), 10) }
}
