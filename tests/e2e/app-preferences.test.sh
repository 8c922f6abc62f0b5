#!/usr/bin/env bash
# Preferences from the keyboard: Ctrl+, opens them, the notify time typed and applied changes the config file
# through `dose config set`'s validation (a bad time is refused and leaves the file alone), Escape closes them.
needs_app_bus=1
source "$(dirname "$0")/lib.sh"
app_up
dose import "$DOSE_ROOT/content/sample-pack.json" >/dev/null
config="$XDG_CONFIG_HOME/daily-dose/config.ini"
app_start
window=$(xdotool search --name "^Daily Dose$" | head -1)
xdotool mousemove --window "$window" 300 300
xdotool key ctrl+comma
expect "Ctrl+, opens the preferences" wait_for 10 bash -c "/usr/bin/python3 '$DOSE_ROOT/tests/support/atspi_driver.py' windows | grep -qx Preferences"
atspi dump >"$art/tree-preferences.txt"
expect "the notify time row shows the default" test "$(atspi text "Notify time (HH:MM)")" = "08:00"

atspi set-text "Notify time (HH:MM)" "25:99"
atspi click "Apply"
sleep 1
if grep -q "notify-time" "$config" 2>/dev/null; then fail "a refused time reached the config file"; fi
atspi dump >"$art/tree-refused.txt"
expect "the refusal is shown, in dose config set's words" grep -q "^label	config key notify-time: \"25:99\" is not a time of day" "$art/tree-refused.txt"

atspi set-text "Notify time (HH:MM)" "7:05"
atspi click "Apply"
expect "the config file has the new time" wait_for 10 grep -qs "^notify-time=07:05" "$config"
expect "dose config get agrees" test "$(dose config get notify-time)" = "07:05"

# No window manager here: focus the preferences as one would, then press Escape.
pref=$(xdotool search --name "^Preferences$" | head -1)
xdotool windowfocus --sync "$pref"
xdotool mousemove --window "$pref" 100 100
xdotool key Escape
expect "Escape closes the preferences" wait_for 10 bash -c "! /usr/bin/python3 '$DOSE_ROOT/tests/support/atspi_driver.py' windows | grep -qx Preferences"
expect "the main window stays" bash -c "/usr/bin/python3 '$DOSE_ROOT/tests/support/atspi_driver.py' windows | grep -qx 'Daily Dose'"
log "PASS"
