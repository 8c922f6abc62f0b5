import DoseNotifier
import Glibc

// Thin executable: all logic lives in DoseNotifier.
exit(NotifyCLI.run(CommandLine.arguments))
