import DoseCore
import DoseSystem

/// `dose-notify --dry-run`: prints the notification that would be armed next, from the snapshot alone.
///
/// Reads through `SnapshotReader`, as `dose today` does: one resolver path for both.
struct DryRunCommand {

    let paths: DosePaths
    let now: Int64
    let zone: any ZoneRules

    func run(_ arguments: inout Arguments) throws(CommandError) {
        let json = arguments.flag(.json)
        let date = try arguments.date(.date)
        let days = try arguments.dayCount(.days) ?? 1
        let id = try arguments.option(.id)
        try arguments.finish()

        let snapshot = try SnapshotReader.read(SnapshotFile(path: paths.snapshot))
        let config = loadConfigLogging(paths)
        // Counted at each day's fire instant, as the notification counts them when it fires.
        let dueReading = DueSummaryFile(path: paths.dueSummary).load(storePath: paths.database)
        let dueSummary = dueReading.summary ?? .empty
        if json, let problem = dueReading.problem { Log.warning(tr("{reason}; no line of due flashcards", ["reason": problem])) }

        let firstDay: CivilDate
        // A day whose notify-time has passed unfired is due at once (Persistent=true): it fires now.
        var dueNow: Int64?
        if let date {
            firstDay = date
        } else {
            let lastFired = FiredStamp(path: paths.firedStamp).read()
            let plan = FirePlanner.plan(now: now, zone: zone, notifyTime: config.notifyTime, lastFired: lastFired)
            firstDay = plan.day
            if plan.action == .fireNow { dueNow = now }
        }
        try DayRange.check(start: firstDay, days: days)

        var output: [String] = []
        for offset in 0..<days {
            let date = firstDay.adding(days: offset)
            let fireAt = offset == 0 ? dueNow ?? zone.firstInstant(on: date, at: config.notifyTime)
                : zone.firstInstant(on: date, at: config.notifyTime)
            let item: Item
            if let id {
                // --id previews any item, searched in the unfiltered pool like a click is.
                guard let found = try snapshot.item(id: id) else {
                    throw CommandError(
                        tr("no item with id {id} in the snapshot", ["id": JSONWriter.quoted(id)]), exitCode: .noInput)
                }
                item = found
            } else {
                guard let found = try snapshot.dose(on: date, audience: config.audience) else {
                    throw CommandError(Self.noDose(on: date, audience: config.audience), exitCode: .failure)
                }
                item = found
            }
            // The text is for people, in their language; JSON is for programs and stays as it was.
            let preview = NotificationPreview(
                item: item, date: date, fireAt: fireAt, due: dueSummary.count(at: fireAt, zone: zone),
                words: json ? .english : .translated)
            var text = json ? preview.json(zone: zone) : preview.text(zone: zone)
            if !json, offset == 0, dueNow != nil {
                text += "\n" + tr(
                    "(due now: today's {time} has passed and today has not been notified yet)", ["time": config.notifyTime])
            }
            output.append(text)
        }
        if !json, let note = Self.dueNote(dueReading, path: paths.dueSummary) { output.append(note) }
        Console.print(output.joined(separator: json ? "\n" : "\n\n"))
    }
}

extension DryRunCommand {
    /// Why the preview has no line of due flashcards when the due summary gave none to count with; nil when it did.
    static func dueNote(_ reading: DueSummaryFile.Reading, path: String) -> String? {
        switch reading {
        case .summary: nil
        // TRANSLATORS: the dry run's note when there is no summary of due flashcards yet; {path} is its file.
        case .missing: tr("(no line of due flashcards: {path} does not exist; dose writes it once a topic has a deck)", ["path": path])
        // TRANSLATORS: the dry run's note; {reason} says why the summary of due flashcards cannot be used.
        case .unusable(let reason), .stale(let reason): tr("(no line of due flashcards: {reason})", ["reason": reason])
        }
    }

    /// Why there is no notification for `date`: one sentence for each audience.
    static func noDose(on date: CivilDate, audience: Audience) -> String {
        switch audience {
        case .everyone:
            tr("no dose for {date}: the snapshot's pool has nothing to show", ["date": date])
        case .commonOnly:
            tr("no dose for {date} for the common doses only: the snapshot's pool has nothing to show", ["date": date])
        case .branch(let code):
            tr("no dose for {date} for branch {branch}: the snapshot's pool has nothing to show", ["date": date, "branch": code])
        }
    }
}

/// Reads the config; a broken file or value is logged and the defaults used, so the morning still comes.
func loadConfigLogging(_ paths: DosePaths) -> DoseConfig {
    do {
        let (config, problems) = try ConfigFile(path: paths.configFile).load()
        for problem in problems { Log.warning(tr("{problem} (using the default)", ["problem": problem])) }
        return config
    } catch {
        Log.warning(tr("{problem} (using the defaults)", ["problem": error]))
        return DoseConfig()
    }
}
