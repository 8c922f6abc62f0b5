#!/usr/bin/python3
"""A stand-in Daily Dose app on the session bus: standin_app.py LOG MODE.

Owns net.dailydose.DailyDose and exports org.freedesktop.Application at /net/dailydose/DailyDose over the
real D-Bus protocol (python3-gi, GDBus), as GApplication does. Each ActivateAction call appends one JSON
line to LOG as it arrives: {"action": ..., "parameter": [...], "platform": {...}}. MODE says how it answers:
a number of milliseconds to wait before the (empty) reply, as an app slow to start; "never" (the call is
kept and never answered, as a hung app); "refuse" (an UnknownMethod error at once).
"""
import json
import sys

from gi.repository import Gio, GLib

NAME = "net.dailydose.DailyDose"
PATH = "/net/dailydose/DailyDose"
XML = """<node><interface name="org.freedesktop.Application">
  <method name="Activate"><arg type="a{sv}" name="platform_data" direction="in"/></method>
  <method name="ActivateAction">
    <arg type="s" name="action_name" direction="in"/>
    <arg type="av" name="parameter" direction="in"/>
    <arg type="a{sv}" name="platform_data" direction="in"/>
  </method>
</interface></node>"""

log_path, mode = sys.argv[1], sys.argv[2]
kept = []


def method_call(connection, sender, path, interface, method, parameters, invocation):
    if method != "ActivateAction":
        invocation.return_dbus_error("org.freedesktop.DBus.Error.UnknownMethod", f"no method {method} here")
        return
    action, parameter, platform = parameters.unpack()
    with open(log_path, "a") as out:
        out.write(json.dumps({"action": action, "parameter": parameter, "platform": platform}) + "\n")
    if mode == "never":
        kept.append(invocation)
    elif mode == "refuse":
        invocation.return_dbus_error("org.freedesktop.DBus.Error.UnknownMethod", f"no action {action}")
    else:
        def reply():
            invocation.return_value(None)
            return GLib.SOURCE_REMOVE
        GLib.timeout_add(int(mode), reply)


bus = Gio.bus_get_sync(Gio.BusType.SESSION, None)
# The object first: whoever sees the name owned finds it there.
bus.register_object(PATH, Gio.DBusNodeInfo.new_for_xml(XML).interfaces[0], method_call, None, None)
Gio.bus_own_name_on_connection(bus, NAME, Gio.BusNameOwnerFlags.NONE, None, None)
GLib.MainLoop().run()
