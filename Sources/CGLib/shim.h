#ifndef DAILY_DOSE_CGLIB_SHIM_H
#define DAILY_DOSE_CGLIB_SHIM_H
#include <glib.h>
#include <glib-unix.h>
#include <glib/gstdio.h>
#include <gio/gio.h>
#include <gio/gdesktopappinfo.h>
#include <sys/timerfd.h>
#include <errno.h>
#include <unistd.h>
#include <fcntl.h>
/* gettext (glibc carries it) and the locale's time names: Glibc's Swift module does not export libintl. */
#include <libintl.h>
#include <langinfo.h>
#include <locale.h>
#include <time.h>

/// g_signal_connect is a macro; Swift needs a function.
static inline gulong dd_g_signal_connect(gpointer instance, const gchar *signal,
                                         GCallback handler, gpointer data,
                                         GClosureNotify destroy) {
    return g_signal_connect_data(instance, signal, handler, data, destroy, (GConnectFlags)0);
}

/// The errno of the calling thread (a macro in glibc).
static inline int dd_errno(void) { return errno; }

#endif
