import CGLib
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

    /// The context libnotify carries to the C callbacks; retained by them, released by their destroy notifies.
    private final class Context {
        let itemID: String
        let onClick: ClickHandler
        let onClosed: (ShownNotification.Identifier) -> Void
        let identifier: Identifier

        init(itemID: String, identifier: Identifier, onClick: @escaping ClickHandler,
             onClosed: @escaping (Identifier) -> Void) {
            self.itemID = itemID
            self.identifier = identifier
            self.onClick = onClick
            self.onClosed = onClosed
        }
    }

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
            // Two actions, one context each: libnotify frees each action's user data on its own.
            for (key, label) in [("default", "Open"), ("open", "Open")] {
                let context = Context(itemID: copy.id, identifier: identifier, onClick: onClick, onClosed: onClosed)
                LibNotify.addAction(
                    handle, key: key, label: label,
                    callback: { notification, _, data in
                        guard let notification, let data else { return }
                        let context = Unmanaged<Context>.fromOpaque(data).takeUnretainedValue()
                        context.onClick(context.itemID, LibNotify.activationToken(notification))
                    },
                    context: Unmanaged.passRetained(context).toOpaque(),
                    release: { data in
                        if let data { Unmanaged<Context>.fromOpaque(data).release() }
                    })
            }
        }
        let closedContext = Context(itemID: copy.id, identifier: identifier, onClick: onClick, onClosed: onClosed)
        LibNotify.onClosed(
            handle,
            callback: { _, data in
                guard let data else { return }
                let context = Unmanaged<Context>.fromOpaque(data).takeUnretainedValue()
                context.onClosed(context.identifier)
            },
            context: Unmanaged.passRetained(closedContext).toOpaque(),
            release: { data, _ in
                if let data { Unmanaged<Context>.fromOpaque(data).release() }
            })
    }

    deinit {
        LibNotify.release(handle)
    }

    /// Sends it to the server.
    func show() throws(NotificationError) {
        try LibNotify.show(handle)
    }
}
