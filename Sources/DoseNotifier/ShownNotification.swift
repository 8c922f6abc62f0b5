import CNotify
import DoseCore
import GLibGlue

/// A notification on screen, which hears its click while it lives.
///
/// The click handler was made with the id the notification advertised — never "today" — so a
/// notification left until after midnight still opens the dose it advertised. The id is also the
/// button's action key (`NotificationActions`).
final class ShownNotification {
    private let handle: UnsafeMutablePointer<NotifyNotification>

    /// Identifies a live notification in the server's table.
    struct Identifier: Hashable {
        let raw: UInt
    }

    var identifier: Identifier { Identifier(raw: UInt(bitPattern: handle)) }

    /// The server's id once shown (0 before, and after it closed).
    var serverID: UInt32 { LibNotify.serverID(handle) }

    /// Builds the notification with its copy, hints and actions; `onClick` gets the activation token.
    /// With `replacing`, showing it replaces that notification of the server in place.
    init(copy: NotificationCopy, actions: Bool, replacing: UInt32?,
         onClick: @escaping (_ activationToken: String?) -> Void, onClosed: @escaping (Identifier) -> Void) {
        handle = LibNotify.make(summary: copy.summary, body: copy.body, icon: AppIdentity.applicationID)
        LibNotify.setHints(
            handle, desktopEntry: AppIdentity.applicationID, imagePath: NotificationIcon.current,
            category: AppIdentity.category)
        if let replacing, replacing != 0 { LibNotify.replace(handle, serverID: replacing) }
        let identifier = Identifier(raw: UInt(bitPattern: handle))

        if actions {
            // One box per action: libnotify frees each action's user data on its own.
            for (key, label) in NotificationActions.pairs(itemID: copy.id) {
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

    /// Takes it off the screen.
    func close() throws(GLibError) {
        try LibNotify.close(handle)
    }
}
