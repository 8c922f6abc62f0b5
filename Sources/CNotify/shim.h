#ifndef DAILY_DOSE_CNOTIFY_SHIM_H
#define DAILY_DOSE_CNOTIFY_SHIM_H
#include <libnotify/notify.h>

/// Sets the notification's server id, so the next show replaces that notification in place
/// (libnotify sends it as `replaces_id`; there is no setter, only the "id" property, and
/// `g_object_set` is variadic).
static inline void dd_notify_set_id(NotifyNotification *notification, gint id) {
    g_object_set(notification, "id", id, NULL);
}

/// The server's id of a shown notification (0 before it is shown and once it closed).
static inline gint dd_notify_get_id(NotifyNotification *notification) {
    gint id = 0;
    g_object_get(notification, "id", &id, NULL);
    return id;
}
#endif
