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
                    throw CommandError("no item with id \(JSONWriter.quoted(id)) in the snapshot", exitCode: .noInput)
                }
                item = found
            } else {
                guard let found = try snapshot.dose(on: date, audience: config.audience) else {
                    let whom: String
                    switch config.audience {
                    case .everyone: whom = ""
                    case .commonOnly: whom = " for the common doses only"
                    case .branch(let code): whom = " for branch \(code)"
                    }
                    throw CommandError("no dose for \(date)\(whom): the snapshot's pool has nothing to show", exitCode: .failure)
                }
                item = found
            }
            let preview = NotificationPreview(item: item, date: date, fireAt: fireAt)
            var text = json ? preview.json(zone: zone) : preview.text(zone: zone)
            if !json, offset == 0, dueNow != nil {
                text += "\n(due now: today's \(config.notifyTime) has passed and today has not been notified yet)"
            }
            output.append(text)
        }
        Console.print(output.joined(separator: json ? "\n" : "\n\n"))
    }
}

/// Reads the config; a broken file or value is logged and the defaults used, so the morning still comes.
func loadConfigLogging(_ paths: DosePaths) -> DoseConfig {
    do {
        let (config, problems) = try ConfigFile(path: paths.configFile).load()
        for problem in problems { Log.warning("\(problem) (using the default)") }
        return config
    } catch {
        Log.warning("\(error) (using the defaults)")
        return DoseConfig()
    }
}
