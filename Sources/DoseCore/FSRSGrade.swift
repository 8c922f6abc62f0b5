/// How well a card was recalled: FSRS's four ratings, 1 Again … 4 Easy.
public enum FSRSGrade: Int, Sendable, CaseIterable {
    case again = 1
    case hard = 2
    case good = 3
    case easy = 4
}
