import DoseTestSupport
import Testing

/// `withDefaultLoop` ends however early its body returns: a quit sent before the loop's thread is running it
/// used to be lost, and the join then waited for ever.
@Suite(.timeLimit(.minutes(5)), .watched, .serialized) struct DefaultLoopTests {
    @Test func aBodyThatReturnsAtOnceStillEndsTheLoop() {
        for round in 0..<200 { #expect(withDefaultLoop { round } == round) }
    }
}
