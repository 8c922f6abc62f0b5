import DoseTestSupport
import Testing

/// `withDefaultLoop` ends however early its body returns: a quit sent before the loop's thread is running it
/// used to be lost, and the join then waited for ever.
@Suite(.timeLimit(.minutes(5)), .watched, .serialized) struct DefaultLoopTests {
    @Test func aBodyThatReturnsAtOnceStillEndsTheLoop() {
        for round in 0..<200 { #expect(withDefaultLoop { round } == round) }
    }

    /// Another thread iterating the default context (here an outer loop's) runs whatever quits the inner loop,
    /// often before the inner loop's thread has started: a single quit was lost that way and the inner loop ran
    /// on (make test crashed on the 60 s guard under load). Every inner loop must still end.
    @Test func aLoopEndsWhileAnotherThreadOwnsTheDefaultContext() {
        let rounds = withDefaultLoop {
            (0..<200).reduce(0) { count, round in count + (withDefaultLoop { round } == round ? 1 : 0) }
        }
        #expect(rounds == 200)
    }
}
