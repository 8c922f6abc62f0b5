import DoseTestSupport
import Testing

@testable import DoseNotifier

@Suite(.timeLimit(.minutes(5)), .watched) struct ServerRetryTests {
    @Test func backsOffFrom15SecondsTo15Minutes() {
        var retry = ServerRetry()
        var now: Int64 = 1_000
        var waits: [Int64] = []
        for _ in 0..<8 {
            let at = retry.next(after: now)
            waits.append(at - now)
            now = at
        }
        #expect(waits == [15, 30, 60, 120, 240, 480, 900, 900])
        retry.reset()
        #expect(retry.next(after: 0) == 15)
    }
}
