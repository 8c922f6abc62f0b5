import DoseSecret
import Testing

@Suite struct SecretErrorTests {
    @Test func describesTheService() {
        #expect(SecretError("locked").description == "secret service: locked")
    }
}
