#!/usr/bin/env bash
# First run: an empty pool opens the welcome page; one click imports the bundled sample pack (328 items); the
# page asks the notify time and the branch, says what the notification's Open button does, turns background work
# on (both user units through a stand-in systemd manager on this bus), then shows today's card.
# Local time near 03:00 (TZ), so the 07:30 chosen has not passed and nothing fires meanwhile.
needs_app_bus=1
every_date=1
source "$(dirname "$0")/lib.sh"
tz_near_hour 3
app_up
config="$XDG_CONFIG_HOME/daily-dose/config.ini"
fake_systemd_up dose-notify.service=disabled dose-daemon.service=disabled

app_start
expect "an empty pool opens the welcome page" atspi wait "Welcome to Daily Dose" 10
atspi dump >"$art/tree-welcome.txt"
expect "the card is not on show" bash -c "! /usr/bin/python3 '$DOSE_ROOT/tests/support/atspi_driver.py' card"
app_screenshot "$art/welcome.png"

# Keyboard only: the import button has the focus, Enter presses it.
window=$(xdotool search --name "^Daily Dose$" | head -1)
xdotool mousemove --window "$window" 5 5  # no window manager: the keyboard follows the pointer
expect "the import button has the keyboard" wait_for 5 bash -c "/usr/bin/python3 '$DOSE_ROOT/tests/support/atspi_driver.py' focused | grep -qx 'push button	Import the sample pack'"
xdotool key Return
expect "Enter (one press) imports the sample pack" atspi wait "328 doses imported" 60
count=$(/usr/bin/python3 -c 'import json, sys; print(json.load(open(sys.argv[1]))["count"])' "$XDG_STATE_HOME/daily-dose/snapshot.json")
expect "the pool has 328 items" test "$count" = 328
atspi dump >"$art/tree-choices.txt"
expect "the branch row offers the pool's codes" grep -q "No branch (every dose)" "$art/tree-choices.txt"
expect "the page says what the Open button does" grep -q "its Open button shows it here" "$art/tree-choices.txt"
app_screenshot "$art/welcome-choices.png"

# A time the config refuses is shown in the app's words (what to type instead), nothing is stored, and the page stays.
atspi set-text "Notify time (HH:MM)" "25:99"
atspi click "Show today's dose"
refused_shown() { /usr/bin/python3 "$DOSE_ROOT/tests/support/atspi_driver.py" dump | grep -q '^label	Type a time such as 7:30 or 18:05.'; }
expect "the refusal names the setting and what to type" wait_for 10 refused_shown
expect "nothing reached the config file" bash -c "! grep -qs notify-time '$config'"
expect "background work was not touched" bash -c "! grep -qs EnableUnitFiles '$work/systemd.log'"
atspi dump | grep "^label	Type a time such as" >"$art/refusal.txt" || true
# Keyboard only: the refused row has the keyboard back; its text replaced, Enter moves on to Done, Enter presses it.
xdotool key ctrl+a
xdotool type --delay 30 "7:30"
xdotool key Return
expect "Enter in the time row moves to the Done button" wait_for 5 bash -c "/usr/bin/python3 '$DOSE_ROOT/tests/support/atspi_driver.py' focused | grep -qx \"push button	Show today's dose\""
xdotool key Return
expect "the notify time is stored through dose config set's path" wait_for 10 grep -qs "^notify-time=07:30" "$config"
expect "background work is turned on: both units" wait_for 10 grep -q '"EnableUnitFiles", "args": \[\["dose-notify.service", "dose-daemon.service"\]' "$work/systemd.log"
expect "and the queue's unit is started" wait_for 10 grep -q '"StartUnit", "args": \["dose-daemon.service"' "$work/systemd.log"
# The title as the card words it (a question has none: the card shows its text's start), for today in this TZ.
title=$(title_on "$(clock_date +%F)")
[ -n "$title" ] || fail "dose calendar gave no title for today"
expect "then today's card shows ($title)" atspi wait-card "$title" 20
expect "the welcome page is gone" atspi gone "Welcome to Daily Dose" 5
app_screenshot "$art/after-first-run.png"

# A second start finds the pool: the card, no welcome.
stop_child "$app_pid"
app_start
expect "a later start opens on the card" atspi wait-card "$title" 20
expect "without the welcome page" atspi gone "Welcome to Daily Dose" 2
log "PASS"
