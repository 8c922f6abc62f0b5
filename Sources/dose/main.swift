import DoseApp
import Glibc

// Thin executable: all logic lives in DoseApp.
exit(await DoseCLI.run(CommandLine.arguments))
