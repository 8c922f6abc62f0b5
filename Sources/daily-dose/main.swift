import DoseWindow
import Glibc

// Thin executable: the widgets live in DoseWindow, the logic in DoseDesktop.
exit(DailyDoseApp.main(CommandLine.arguments))
