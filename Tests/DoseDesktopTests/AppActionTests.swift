import DoseDesktop
import Testing

@Suite struct AppActionTests {
    @Test func actionNamesAreTheOnesTheDesktopFileAndTheSchedulerUse() {
        #expect(AppAction.openDose(itemID: "q-weber-unit").name == "open-dose")
        #expect(AppAction.today.name == "today")
        #expect(AppAction.preferences.name == "preferences")
    }
}
