import DoseSystem

/// The first-run page's decisions: whether it shows, and what its "Done" changes, in order.
///
/// The page imports first (the sample pack or a source URL, through `SyncService`), so the branch row can offer
/// the codes the new pool carries; then it stores the notify time and the branch through the same path as
/// `dose config set`, and turns background work on (the morning notification and the learning queue). A step that
/// fails stops the rest and is shown.
public struct FirstRun: Sendable, Equatable {
    /// One change the page's "Done" makes.
    public enum Step: Sendable, Equatable {
        case setting(SettingEdit)
        case branch(BranchChoice)
        case backgroundWork
    }

    /// What the user chose on the page.
    public var notifyTime: String
    public var branch: BranchChoice
    /// Background work on (the page's switch); off is recorded as the student's choice too.
    public var backgroundWork: Bool

    public init(notifyTime: String, branch: BranchChoice, backgroundWork: Bool) {
        self.notifyTime = notifyTime
        self.branch = branch
        self.backgroundWork = backgroundWork
    }

    /// An empty pool (never imported, or an empty pack) opens the welcome page instead of the card.
    public static func showsWelcome(itemCount: Int) -> Bool { itemCount == 0 }

    /// The changes, in the order they are made: the time first (the scheduler plans from it as soon as it
    /// runs), the branch, and background work last, so the scheduler and the daemon start with both in place.
    /// It is a step either way: the switch left off is the student's choice, which the next start keeps.
    public var steps: [Step] {
        [.setting(SettingEdit(.notifyTime, text: notifyTime)), .branch(branch), .backgroundWork]
    }

    /// What the page says about the notification: one sentence; which server needs which click is the manual's
    /// (daily-dose(1)), and the app shows the day's dose whichever way it is opened.
    public static var clickHint: String {
        tr("Each morning a notification brings the day's dose: its Open button shows it here.")
    }
}
