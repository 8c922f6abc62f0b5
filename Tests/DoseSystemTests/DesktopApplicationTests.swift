import DoseSystem
import Testing

@Suite struct DesktopApplicationTests {
    @Test func objectPathFollowsTheApplicationSpecification() {
        #expect(DesktopApplication.objectPath == "/net/dailydose/DailyDose")
        #expect(DesktopApplication.objectPath(for: "org.example.my-app") == "/org/example/my_app")
    }
}
