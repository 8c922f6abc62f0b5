/* The at-rest baseline: a C program holding one libnotify notification in a GLib main loop.
 * Build: gcc -O2 hold_notification.c -o hold_notification $(pkg-config --cflags --libs libnotify)
 * Shows a notification with a default action (so it stays to hear a click) and sleeps in the loop. */
#include <libnotify/notify.h>
#include <stdio.h>

static void on_action(NotifyNotification *n, char *action, gpointer data) { (void)n; (void)action; (void)data; }

static void on_closed(NotifyNotification *n, gpointer loop) { (void)n; g_main_loop_quit(loop); }

int main(void) {
    if (!notify_init("Daily Dose baseline")) return 69;
    GMainLoop *loop = g_main_loop_new(NULL, FALSE);
    NotifyNotification *n = notify_notification_new("Fact of the day", "A baseline notification", NULL);
    notify_notification_add_action(n, "default", "Open", on_action, NULL, NULL);
    g_signal_connect(n, "closed", G_CALLBACK(on_closed), loop);
    GError *error = NULL;
    if (!notify_notification_show(n, &error)) {
        fprintf(stderr, "hold_notification: %s\n", error ? error->message : "failed");
        return 69;
    }
    printf("shown\n");
    fflush(stdout);
    g_main_loop_run(loop);
    g_object_unref(n);
    notify_uninit();
    return 0;
}
