import CNotify
import DoseCore

/// A notification on screen, which hears its click while it lives.
///
/// The click handler was made with the id the notification advertised — never "today" — so a
/// notification left until after midnight still opens the dose it advertised.
final class ShownNotification {
    private let handle: UnsafeMutablePointer<NotifyNotification>

    /// Identifies a live notification in the server's table.
    struct Identifier: Hashable {
        let raw: UInt
    }

    var identifier: Identifier { Identifier(raw: UInt(bitPattern: handle)) }

    /// Builds the notification with its copy, hints and actions; `onClick` gets the activation token.
    init(copy: NotificationCopy, actions: Bool,
         onClick: @escaping (_ activationToken: String?) -> Void, onClosed: @escaping (Identifier) -> Void) {
        handle = LibNotify.make(summary: copy.summary, body: copy.body, icon: AppIdentity.applicationID)
        LibNotify.setHints(
            handle, desktopEntry: AppIdentity.applicationID, imagePath: NotificationIcon.current,
            category: AppIdentity.category)
        let identifier = Identifier(raw: UInt(bitPattern: handle))

        if actions {
            // Two actions, one box each: libnotify frees each action's user data on its own.
            for (key, label) in [("default", "Open"), ("open", "Open")] {
                LibNotify.addAction(handle, key: key, label: label, onClick)
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
