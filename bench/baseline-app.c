/* The floor the desktop app `daily-dose` is measured against (`make bench`, bench/app.sh): the least a
 * GTK 4 program can do to show the dose card, a window holding a WebKitWebView that loads the page
 * `dose open --print-path --no-launch` writes (the same HTML, KaTeX from libjs-katex, render script).
 *
 * Usage: baseline-app PAGE.html
 * It writes "ready\n" to the file descriptor named in DAILY_DOSE_READY_FD once the window is mapped and
 * the page has finished loading (the protocol the app follows too), and ends when its window is closed,
 * as a GtkApplication does. No libadwaita, no D-Bus service of its own beyond GtkApplication's name.
 *
 * Build: gcc -O2 baseline-app.c $(pkg-config --cflags --libs gtk4 webkitgtk-6.0)
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <gtk/gtk.h>
#include <webkit/webkit.h>

static const char *page_uri;
static gboolean mapped, loaded, announced;

/* Once both halves are there: "ready\n" to DAILY_DOSE_READY_FD, then the descriptor is closed. */
static void announce_if_ready(void) {
    if (announced || !mapped || !loaded) return;
    announced = TRUE;
    const char *fd_text = g_getenv("DAILY_DOSE_READY_FD");
    if (fd_text == NULL) return;
    char *end = NULL;
    long fd = strtol(fd_text, &end, 10);
    if (end == fd_text || *end != '\0' || fd < 0) return;
    ssize_t written;
    do { written = write((int)fd, "ready\n", 6); } while (written < 0 && errno == EINTR);
    close((int)fd);
}

static void on_map(GtkWidget *window, gpointer data) {
    (void)window; (void)data;
    mapped = TRUE;
    announce_if_ready();
}

static void on_load_changed(WebKitWebView *view, WebKitLoadEvent event, gpointer data) {
    (void)view; (void)data;
    if (event != WEBKIT_LOAD_FINISHED) return;
    loaded = TRUE;
    announce_if_ready();
}

static void on_activate(GtkApplication *app, gpointer data) {
    (void)data;
    GtkWidget *window = gtk_application_window_new(app);
    gtk_window_set_title(GTK_WINDOW(window), "Daily Dose (baseline)");
    gtk_window_set_default_size(GTK_WINDOW(window), 800, 600);
    GtkWidget *view = webkit_web_view_new();
    g_signal_connect(view, "load-changed", G_CALLBACK(on_load_changed), NULL);
    g_signal_connect(window, "map", G_CALLBACK(on_map), NULL);
    gtk_window_set_child(GTK_WINDOW(window), view);
    webkit_web_view_load_uri(WEBKIT_WEB_VIEW(view), page_uri);
    gtk_window_present(GTK_WINDOW(window));
}

int main(int argc, char **argv) {
    if (argc != 2) {
        fprintf(stderr, "usage: %s PAGE.html\n", argv[0]);
        return 64;
    }
    GError *error = NULL;
    char *uri = g_filename_to_uri(argv[1], NULL, &error);
    if (uri == NULL) {
        fprintf(stderr, "baseline-app: %s\n", error->message);
        g_error_free(error);
        return 66;
    }
    page_uri = uri;
    /* Its own id: never the app's, so both can be measured in one session. */
    GtkApplication *app = gtk_application_new("net.dailydose.Baseline", G_APPLICATION_DEFAULT_FLAGS);
    g_signal_connect(app, "activate", G_CALLBACK(on_activate), NULL);
    char *args[] = { argv[0], NULL };
    int status = g_application_run(G_APPLICATION(app), 1, args);
    g_object_unref(app);
    g_free(uri);
    return status;
}
