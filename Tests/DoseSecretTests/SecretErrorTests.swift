import DoseSecret
import DoseTestSupport
import Testing

@Suite(.timeLimit(.minutes(3)), .watched) struct SecretErrorTests {
    @Test func describesTheService() {
        #expect(SecretError("locked").description == "secret service: locked")
    }
}
