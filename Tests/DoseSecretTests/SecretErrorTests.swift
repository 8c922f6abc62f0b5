import DoseSecret
import DoseTestSupport
import Testing

@Suite(.timeLimit(.minutes(5)), .watched) struct SecretErrorTests {
    @Test func describesTheService() {
        #expect(SecretError("locked").description == "secret service: locked")
    }
}
