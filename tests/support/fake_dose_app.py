#!/usr/bin/python3
"""A stand-in for the Daily Dose app in the end-to-end tests: fake_dose_app.py [--gapplication-service].

A Gio.Application registered as net.dailydose.DailyDose on the session bus (so the scheduler's
ActivateAction, GNOME Shell's and a D-Bus activation all reach it as they would reach `daily-dose`), with
the action `app.open-dose` taking a string. Each activation appends one line to $DOSE_APP_LOG:
"open-dose ID token=TOKEN" (TOKEN from the platform data's activation-token or desktop-startup-id, or
empty). It stays up until killed, as a single-instance app does.
"""
import os
import sys

from gi.repository import Gio, GLib

APP_ID = "net.dailydose.DailyDose"
log_path = os.environ["DOSE_APP_LOG"]


class StandIn(Gio.Application):
    def __init__(self):
        super().__init__(application_id=APP_ID, flags=Gio.ApplicationFlags.DEFAULT_FLAGS)
        self.token = ""
        action = Gio.SimpleAction.new("open-dose", GLib.VariantType.new("s"))
        action.connect("activate", self.open_dose)
        self.add_action(action)

    def do_before_emit(self, platform_data):
        data = platform_data.unpack() if platform_data is not None else {}
        self.token = data.get("activation-token") or data.get("desktop-startup-id") or ""
        Gio.Application.do_before_emit(self, platform_data)

    def do_startup(self):
        Gio.Application.do_startup(self)
        self.hold()  # a window would keep the real app up; stay until killed

    def do_activate(self):
        pass

    def open_dose(self, _action, parameter):
        with open(log_path, "a") as log:
            log.write(f"open-dose {parameter.get_string()} token={self.token}\n")


sys.exit(StandIn().run(sys.argv))
