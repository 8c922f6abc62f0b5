#!/usr/bin/python3
"""A notification server that answers slowly: fake-notification-server.py INFO_DELAY NOTIFY_DELAY LOG.

Owns org.freedesktop.Notifications on the session bus (python3-dbus, GLib main loop). GetServerInformation
and GetCapabilities sleep INFO_DELAY seconds, Notify sleeps NOTIFY_DELAY seconds (the loop is blocked
meanwhile, as a stuck server's would be); each Notify handled appends "notify SUMMARY" to LOG.
"""
import sys
import time

import dbus
import dbus.mainloop.glib
import dbus.service
from gi.repository import GLib

INTERFACE = "org.freedesktop.Notifications"
info_delay, notify_delay, log_path = float(sys.argv[1]), float(sys.argv[2]), sys.argv[3]


class Server(dbus.service.Object):
    def __init__(self, bus):
        super().__init__(bus, "/org/freedesktop/Notifications")
        self.last_id = 0

    @dbus.service.method(INTERFACE, out_signature="ssss")
    def GetServerInformation(self):
        time.sleep(info_delay)
        return ("slow-fake", "daily-dose-tests", "1", "1.2")

    @dbus.service.method(INTERFACE, out_signature="as")
    def GetCapabilities(self):
        time.sleep(info_delay)
        return ["body", "actions"]

    @dbus.service.method(INTERFACE, in_signature="susssasa{sv}i", out_signature="u")
    def Notify(self, app, replaces, icon, summary, body, actions, hints, timeout):
        time.sleep(notify_delay)
        self.last_id += 1
        with open(log_path, "a") as log:
            log.write(f"notify {summary}\n")
        return self.last_id

    @dbus.service.method(INTERFACE, in_signature="u")
    def CloseNotification(self, notification_id):
        pass


dbus.mainloop.glib.DBusGMainLoop(set_as_default=True)
session = dbus.SessionBus()
server = Server(session)
name = dbus.service.BusName(INTERFACE, session)
GLib.MainLoop().run()
