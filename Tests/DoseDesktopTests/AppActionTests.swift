import DoseDesktop
import DoseTestSupport
import Testing

@Suite(.timeLimit(.minutes(5)), .watched) struct AppActionTests {
    @Test func actionNamesAreTheOnesTheDesktopFileAndTheSchedulerUse() {
        #expect(AppAction.openDose(itemID: "q-weber-unit").name == "open-dose")
        #expect(AppAction.today.name == "today")
        #expect(AppAction.preferences.name == "preferences")
    }
}
