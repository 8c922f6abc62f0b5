import DoseCore
import DoseSystem

/// Validates pack bytes for a command, printing warnings and turning problems into one error; the valid
/// pack's report (items and syllabus) otherwise.
///
/// Every problem is listed, each naming its item (or place in the syllabus) and field, so an admin fixes a
/// pack in one round.
func validatedPack(_ bytes: [UInt8], origin: String) throws(CommandError) -> PackReport {
    let report = PackValidator.validate(bytes)
    // Each in the user's language, still naming its item and field.
    for warning in report.warnings { Log.warning("\(origin): \(warning.localized)") }
    guard report.isValid else {
        for problem in report.problems { Log.error("\(origin): \(problem.localized)") }
        let count = report.problems.count
        throw CommandError(
            trn("{origin}: {count} problem; nothing was changed", "{origin}: {count} problems; nothing was changed", count,
                ["origin": origin]),
            exitCode: .dataError)
    }
    return report
}

/// Reads a pack file for a command: by default a file the user names, so a FIFO (`<(…)`) is read as
/// asked; a sync's file source (which the daemon reads every six hours) must be a regular file.
func readPackFile(_ path: String, allowingStreams: Bool = true) throws(CommandError) -> [UInt8] {
    do {
        return try FileSystem.read(path, limit: PackLimits.maxPackBytes, allowingStreams: allowingStreams)
    } catch {
        // A pack over the size limit is bad data (65), like any other invalid pack; not an I/O failure.
        let tooLarge = error.reason == .tooLarge(limit: PackLimits.maxPackBytes)
        let code: ExitCode = error.isMissing ? .noInput : tooLarge ? .dataError : .ioError
        throw CommandError(error.description, exitCode: code)
    }
}

/// One line summing a pool up: "102 items: 34 facts, 34 formulas, 34 questions", and its syllabus when it has one.
func poolSummary(_ items: [Item], syllabus: Syllabus = Syllabus()) -> String {
    func count(_ kind: Kind) -> Int { items.reduce(0) { $0 + ($1.kind == kind ? 1 : 0) } }
    let summary = tr(
        "{count} items: {facts} facts, {formulas} formulas, {questions} questions",
        ["count": items.count, "facts": count(.fact), "formulas": count(.formula), "questions": count(.question)])
    guard !syllabus.isEmpty else { return summary }
    return tr("{summary}, and a syllabus of {subjects} subjects with {topics} topics",
              ["summary": summary, "subjects": syllabus.subjects.count, "topics": syllabus.topicCount])
}
