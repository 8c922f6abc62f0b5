#!/usr/bin/python3
"""A stand-in systemd user manager on the session bus: fake_systemd.py LOG [UNIT=STATE ...].

Owns org.freedesktop.systemd1 and answers the Manager methods the app uses, over the real D-Bus protocol
(python3-dbus, GLib main loop): GetUnitFileState, EnableUnitFiles, DisableUnitFiles, Reload, StartUnit,
StopUnit. Units given as UNIT=STATE are installed with that unit-file state; any other unit is
org.freedesktop.systemd1.NoSuchUnit, as systemd answers. Each call appends one JSON line to LOG:
{"method": ..., "args": [...]}; a unit's "active" flag follows StartUnit/StopUnit.
"""
import json
import sys

import dbus
import dbus.mainloop.glib
import dbus.service
from gi.repository import GLib

MANAGER = "org.freedesktop.systemd1.Manager"
log_path = sys.argv[1]
units = dict(arg.split("=", 1) for arg in sys.argv[2:])


class NoSuchUnit(dbus.DBusException):
    _dbus_error_name = "org.freedesktop.systemd1.NoSuchUnit"


def log(method, *args):
    with open(log_path, "a") as out:
        out.write(json.dumps({"method": method, "args": [a if not isinstance(a, dbus.Array) else list(a) for a in args]}) + "\n")


def known(unit):
    if unit not in units:
        raise NoSuchUnit(f"Unit {unit} does not exist.")


class Manager(dbus.service.Object):
    def __init__(self, bus):
        super().__init__(bus, "/org/freedesktop/systemd1")

    @dbus.service.method(MANAGER, in_signature="s", out_signature="s")
    def GetUnitFileState(self, unit):
        log("GetUnitFileState", str(unit))
        known(str(unit))
        return units[str(unit)]

    @dbus.service.method(MANAGER, in_signature="asbb", out_signature="ba(sss)")
    def EnableUnitFiles(self, files, runtime, force):
        log("EnableUnitFiles", [str(f) for f in files], bool(runtime), bool(force))
        changes = []
        for unit in files:
            known(str(unit))
            units[str(unit)] = "enabled"
            changes.append(("symlink", f"/home/u/.config/systemd/user/graphical-session.target.wants/{unit}", f"/usr/lib/systemd/user/{unit}"))
        return (True, changes)

    @dbus.service.method(MANAGER, in_signature="asb", out_signature="a(sss)")
    def DisableUnitFiles(self, files, runtime):
        log("DisableUnitFiles", [str(f) for f in files], bool(runtime))
        changes = []
        for unit in files:
            known(str(unit))
            units[str(unit)] = "disabled"
            changes.append(("unlink", f"/home/u/.config/systemd/user/graphical-session.target.wants/{unit}", ""))
        return changes

    @dbus.service.method(MANAGER)
    def Reload(self):
        log("Reload")

    @dbus.service.method(MANAGER, in_signature="ss", out_signature="o")
    def StartUnit(self, unit, mode):
        log("StartUnit", str(unit), str(mode))
        known(str(unit))
        return dbus.ObjectPath("/org/freedesktop/systemd1/job/1")

    @dbus.service.method(MANAGER, in_signature="ss", out_signature="o")
    def StopUnit(self, unit, mode):
        log("StopUnit", str(unit), str(mode))
        known(str(unit))
        return dbus.ObjectPath("/org/freedesktop/systemd1/job/2")


dbus.mainloop.glib.DBusGMainLoop(set_as_default=True)
session = dbus.SessionBus()
manager = Manager(session)
name = dbus.service.BusName("org.freedesktop.systemd1", session)
GLib.MainLoop().run()
