import DoseSystem
import DoseWindow
import Glibc

// Thin executable: the widgets live in DoseWindow, the logic in DoseDesktop.
// The user's language and date conventions first, before any string is made.
Localization.start()
exit(DailyDoseApp.main(CommandLine.arguments))
