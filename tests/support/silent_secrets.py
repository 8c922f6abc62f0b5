#!/usr/bin/python3
"""A Secret Service that never answers: silent_secrets.py.

Owns org.freedesktop.secrets on the session bus (python3-dbus, GLib main loop) and leaves every method call on
/org/freedesktop/secrets without a reply, as a keyring stuck on an unlock prompt nobody answers would.
"""
import dbus
import dbus.mainloop.glib
import dbus.service
from gi.repository import GLib

SERVICE = "org.freedesktop.Secret.Service"


class Silent(dbus.service.Object):
    def __init__(self, bus):
        super().__init__(bus, "/org/freedesktop/secrets")
        self.pending = []

    @dbus.service.method(SERVICE, in_signature="sv", out_signature="vo", async_callbacks=("reply", "error"))
    def OpenSession(self, algorithm, argument, reply, error):
        self.pending.append(reply)

    @dbus.service.method(SERVICE, in_signature="a{ss}", out_signature="aoao", async_callbacks=("reply", "error"))
    def SearchItems(self, attributes, reply, error):
        self.pending.append(reply)


dbus.mainloop.glib.DBusGMainLoop(set_as_default=True)
session = dbus.SessionBus()
service = Silent(session)
name = dbus.service.BusName("org.freedesktop.secrets", session)
GLib.MainLoop().run()
