import DoseApp
import Glibc

// Thin executable: all logic lives in DoseApp.
exit(DoseCLI.run(CommandLine.arguments))
