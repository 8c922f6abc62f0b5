/* Asks an X11 window to close the way a window manager's close button does: a WM_DELETE_WINDOW
 * client message (xdotool's windowclose destroys the window instead, which no toolkit treats as a
 * close). bench/app.py closes the app's and the baseline's window with it to see that closing ends
 * the process. Usage: close_window WINDOW_ID (decimal, as `xdotool search` prints it).
 *
 * Build: gcc -O2 close_window.c $(pkg-config --cflags --libs x11)
 */
#include <stdio.h>
#include <stdlib.h>
#include <X11/Xlib.h>

int main(int argc, char **argv) {
    if (argc != 2) {
        fprintf(stderr, "usage: %s WINDOW_ID\n", argv[0]);
        return 64;
    }
    char *end = NULL;
    Window window = (Window)strtoul(argv[1], &end, 0);
    if (end == argv[1] || *end != '\0') {
        fprintf(stderr, "close_window: not a window id: %s\n", argv[1]);
        return 64;
    }
    Display *display = XOpenDisplay(NULL);
    if (display == NULL) {
        fprintf(stderr, "close_window: cannot open the display\n");
        return 69;
    }
    XEvent event = { 0 };
    event.xclient.type = ClientMessage;
    event.xclient.window = window;
    event.xclient.message_type = XInternAtom(display, "WM_PROTOCOLS", False);
    event.xclient.format = 32;
    event.xclient.data.l[0] = (long)XInternAtom(display, "WM_DELETE_WINDOW", False);
    event.xclient.data.l[1] = CurrentTime;
    Status sent = XSendEvent(display, window, False, NoEventMask, &event);
    XSync(display, False);
    XCloseDisplay(display);
    return sent ? 0 : 1;
}
