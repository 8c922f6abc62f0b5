import DoseSystem
import DoseTestSupport
import Testing

@Suite(.timeLimit(.minutes(5)), .watched) struct DesktopApplicationTests {
    @Test func objectPathFollowsTheApplicationSpecification() {
        #expect(DesktopApplication.objectPath == "/net/dailydose/DailyDose")
        #expect(DesktopApplication.objectPath(for: "org.example.my-app") == "/org/example/my_app")
    }
}
