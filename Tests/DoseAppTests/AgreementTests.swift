import Foundation
import Testing
import DoseCore
import DoseTestSupport

/// The app (its store's pool, through the snapshot it keeps current) and the scheduler (the snapshot alone) agree without talking.
@Suite(.timeLimit(.minutes(5)), .watched) struct AgreementTests {
    @Test(arguments: [nil, "CS", "EE", "ME", "common"] as [String?])
    func thousandDaysAgree(branch: String?) throws {
        let sandbox = try Sandbox()
        #expect(try sandbox.dose("import", sandbox.samplePack).status == 0)
        if let branch {
            #expect(try sandbox.dose("config", "set", "branch", branch).status == 0)
        }
        let app = try sandbox.dose("today", "--date", "2026-01-01", "--days", "1000", "--json")
        let scheduler = try sandbox.notify("--dry-run", "--date", "2026-01-01", "--days", "1000", "--json")
        #expect(app.status == 0, "\(app.stderr)")
        #expect(scheduler.status == 0, "\(scheduler.stderr)")
        let appDays = try Sandbox.jsonLines(app.stdout)
        let schedulerDays = try Sandbox.jsonLines(scheduler.stdout)
        #expect(appDays.count == 1000)
        #expect(schedulerDays.count == 1000)
        for (a, s) in zip(appDays, schedulerDays) {
            #expect(a["date"] as? String == s["date"] as? String)
            #expect(a["id"] as? String == s["id"] as? String, "\(a["date"] ?? "")")
        }
        // The rotation really rotates: many distinct items over 1,000 days.
        let shown = Set(appDays.compactMap { $0["id"] as? String })
        #expect(shown.count > 60)
        if branch == "common" {
            // Common only: every dose is an untagged item.
            let items = PackValidator.validate(Array(try sandbox.read(sandbox.samplePack))).items
            let tagged = Set(items.filter { !$0.tags.isEmpty }.map(\.id))
            #expect(!tagged.isEmpty && shown.isDisjoint(with: tagged), "\(shown.intersection(tagged))")
        }
    }
}
