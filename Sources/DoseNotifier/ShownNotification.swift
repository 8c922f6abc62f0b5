import CNotify
import DoseCore

/// A notification on screen that carries one item's id, and hears its click while it lives.
///
/// The click callback receives the id the notification was made with — never "today" —
/// so a notification left until after midnight still opens the dose it advertised.
final class ShownNotification {
    /// What to do on a click: the item id, and the activation token the server gave (if any).
    typealias ClickHandler = (_ itemID: String, _ activationToken: String?) -> Void

    let itemID: String
    let day: CivilDate
    private let handle: UnsafeMutablePointer<NotifyNotification>

    /// Identifies a live notification in the scheduler's table.
    struct Identifier: Hashable {
        let raw: UInt
    }

    var identifier: Identifier { Identifier(raw: UInt(bitPattern: handle)) }

    /// Builds the notification with its copy, hints and actions.
    init(copy: NotificationCopy, day: CivilDate, actions: Bool,
         onClick: @escaping ClickHandler, onClosed: @escaping (Identifier) -> Void) {
        itemID = copy.id
        self.day = day
        handle = LibNotify.make(summary: copy.summary, body: copy.body, icon: AppIdentity.applicationID)
        LibNotify.setHints(handle, desktopEntry: AppIdentity.applicationID, category: AppIdentity.category)
        let identifier = Identifier(raw: UInt(bitPattern: handle))

        if actions {
            // Two actions, one box each: libnotify frees each action's user data on its own.
            for (key, label) in [("default", "Open"), ("open", "Open")] {
                LibNotify.addAction(handle, key: key, label: label) { [itemID] token in onClick(itemID, token) }
            }
        }
        LibNotify.onClosed(handle) { onClosed(identifier) }
    }

    deinit {
        LibNotify.release(handle)
    }

    /// Sends it to the server.
    func show() throws(NotificationError) {
        try LibNotify.show(handle)
    }
}
