import DoseNotifier
import DoseSystem
import Glibc

// Thin executable: all logic lives in DoseNotifier. The user's locale first: the notification's words,
// the dry run's headers and the messages for people (`--json` stays as it is).
Localization.start()
exit(NotifyCLI.run(CommandLine.arguments))
