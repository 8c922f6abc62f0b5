import DoseDesktop
import DoseLearning
import DoseTestSupport
import Testing

@Suite(.timeLimit(.minutes(5)), .watched) struct TopicParameterTests {
    @Test func aTopicGoesThereAndBack() throws {
        let key = try TopicKey(subject: "Calculus", topic: "Chain rule — $f(g(x))$")
        let parameter = TopicParameter.encode(key)
        #expect(parameter == "Calculus\u{1F}Chain rule — $f(g(x))$")
        #expect(TopicParameter.decode(parameter) == key)
        #expect(AppAction.quiz(parameter: parameter).name == "quiz")
    }

    @Test func anythingButTwoValidNamesAroundOneSeparatorIsRefused() {
        for bad in ["", "Calculus", "Calculus\u{1F}", "\u{1F}Chain rule", "A\u{1F}B\u{1F}C", "A\u{1F}B\nC", "A/B"] {
            #expect(TopicParameter.decode(bad) == nil, "\(bad.debugDescription)")
        }
    }
}
