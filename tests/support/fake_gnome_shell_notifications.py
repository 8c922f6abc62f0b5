#!/usr/bin/python3
"""GNOME Shell's org.gtk.Notifications for the end-to-end tests: fake_gnome_shell_notifications.py LOG.

Speaks the real protocol (python3-dbus): AddNotification(s app_id, s id, a{sv} notification) and
RemoveNotification(s app_id, s id). As gnome-shell 43 (js/ui/notificationDaemon.js) it refuses an app
without `<app_id>.desktop` in an applications directory (org.gtk.Notifications.InvalidApp), keeps one
notification per (app, id), and on a click calls org.freedesktop.Application.ActivateAction on the app's
bus name and object path with the default action minus "app.", [target], and platform data
{"desktop-startup-id": ...}; with no default action, Activate. The click is the test's: the method
org.dailydose.Test.Click(s app_id, s id) here. Each event appends a line to LOG.
"""
import os
import sys

import dbus
import dbus.mainloop.glib
import dbus.service
from gi.repository import GLib

log_path = sys.argv[1]


def log(line):
    with open(log_path, "a") as out:
        out.write(line + "\n")


def desktop_file_exists(app_id):
    homes = [os.environ.get("XDG_DATA_HOME") or os.path.expanduser("~/.local/share")]
    homes += (os.environ.get("XDG_DATA_DIRS") or "/usr/local/share:/usr/share").split(":")
    return any(os.path.exists(os.path.join(d, "applications", app_id + ".desktop")) for d in homes if d)


def object_path(app_id):
    return "/" + app_id.replace(".", "/").replace("-", "_")


class Shell(dbus.service.Object):
    def __init__(self, bus):
        super().__init__(bus, "/org/gtk/Notifications")
        self.bus = bus
        self.notifications = {}

    @dbus.service.method("org.gtk.Notifications", in_signature="ssa{sv}")
    def AddNotification(self, app_id, notification_id, notification):
        if not desktop_file_exists(app_id):
            log(f"refused {app_id}")
            raise dbus.exceptions.DBusException("no desktop file", name="org.gtk.Notifications.InvalidApp")
        replaced = (app_id, notification_id) in self.notifications
        self.notifications[(app_id, notification_id)] = notification
        target = notification.get("default-action-target")
        log(f"add {app_id} {notification_id} title={notification.get('title')} "
            f"default-action={notification.get('default-action')} target={target} replaced={replaced}")

    @dbus.service.method("org.gtk.Notifications", in_signature="ss")
    def RemoveNotification(self, app_id, notification_id):
        self.notifications.pop((app_id, notification_id), None)
        log(f"remove {app_id} {notification_id}")

    @dbus.service.method("org.dailydose.Test", in_signature="ss")
    def Click(self, app_id, notification_id):
        notification = self.notifications.pop((app_id, notification_id))
        app = dbus.Interface(self.bus.get_object(app_id, object_path(app_id)), "org.freedesktop.Application")
        platform = {"desktop-startup-id": dbus.String("shell-click-1", variant_level=1)}
        action = notification.get("default-action")
        if action and action.startswith("app."):
            target = notification.get("default-action-target")
            parameters = dbus.Array([target] if target is not None else [], signature="v")
            app.ActivateAction(action[len("app."):], parameters, platform, timeout=60)
        else:
            app.Activate(platform, timeout=60)
        log(f"clicked {app_id} {notification_id}")


dbus.mainloop.glib.DBusGMainLoop(set_as_default=True)
session = dbus.SessionBus()
shell = Shell(session)
name = dbus.service.BusName("org.gtk.Notifications", session)
GLib.MainLoop().run()
