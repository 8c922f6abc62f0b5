import DoseApp
import DoseSystem
import Glibc

// Thin executable: all logic lives in DoseApp. The user's locale first: messages and dates for people.
Localization.start()
exit(DoseCLI.run(CommandLine.arguments))
