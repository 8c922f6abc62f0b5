#!/usr/bin/env bash
# Preferences against the real services: the notify time applied in the window reaches the config file and a
# running `dose-notify run` plans again for it (its log and --dry-run say the new time); background work (the
# scheduler's and the queue's user units) is on after the app's start, and its one switch disables and enables
# both through systemd's D-Bus API (a stand-in manager on this bus);
# Sync now imports from the configured source and shows its result, which is recorded for the next start.
# The local time is put near 03:00 (TZ), so neither the default 08:00 nor the new 07:05 has passed today and
# the scheduler arms instead of firing.
needs_app_bus=1
source "$(dirname "$0")/lib.sh"
tz_near_hour 3
app_up
# A smaller pack first, so Sync now from the sample pack brings a new pool.
/usr/bin/python3 -c 'import json, sys; p = json.load(open(sys.argv[1])); p["items"] = p["items"][:20]; json.dump(p, open(sys.argv[2], "w"))' \
    "$DOSE_ROOT/content/sample-pack.json" "$work/small-pack.json"
dose import "$work/small-pack.json" >/dev/null
dose config set source "$DOSE_ROOT/content/sample-pack.json" >/dev/null
config="$XDG_CONFIG_HOME/daily-dose/config.ini"

fake_systemd_up dose-notify.service=disabled dose-daemon.service=disabled

"$DOSE_BIN/dose-notify" run >"$art/scheduler.log" 2>&1 &
bg_pids+=($!)
expect "the scheduler plans the default time" wait_for 20 grep -q "next notification .*T08:00" "$art/scheduler.log"

dunst_up
app_start
window=$(xdotool search --name "^Daily Dose$" | head -1)
xdotool mousemove --window "$window" 300 300
xdotool key ctrl+comma
expect "Ctrl+, opens the preferences" wait_for 10 bash -c "/usr/bin/python3 '$DOSE_ROOT/tests/support/atspi_driver.py' windows | grep -qx Preferences"

# The notify time, applied in the window, re-plans the running scheduler.
atspi set-text "Notify time (HH:MM)" "7:05"
atspi click "Apply"
expect "the config file has the new time" wait_for 10 grep -qs "^notify-time=07:05" "$config"
expect "the row shows the stored time" wait_for 5 bash -c "test \"\$(/usr/bin/python3 '$DOSE_ROOT/tests/support/atspi_driver.py' text 'Notify time (HH:MM)')\" = 07:05"
expect "the running scheduler plans again for 07:05" wait_for 20 grep -q "next notification .*T07:05" "$art/scheduler.log"
"$DOSE_BIN/dose-notify" --dry-run >"$art/dry-run.txt"
expect "dose-notify --dry-run agrees" grep -q "07:05" "$art/dry-run.txt"

# Background work: the app's start turned both units on (a pool set up from the command line, no choice made in
# the app yet); the one switch turns both off, then on again.
units='\["dose-notify.service", "dose-daemon.service"\]'
expect "the app's start enabled both units" wait_for 10 grep -q "\"EnableUnitFiles\", \"args\": \\[$units" "$work/systemd.log"
expect "the switch row says it is on" atspi wait "On: the morning notification comes, and decks are made for the topics you tick" 10
atspi dump >"$art/tree-preferences.txt"
atspi click "Background work" "check box"
expect "off asks systemd to disable both units" wait_for 10 grep -q "\"DisableUnitFiles\", \"args\": \\[$units" "$work/systemd.log"
expect "and to stop the queue's" wait_for 10 grep -q '"StopUnit", "args": \["dose-daemon.service"' "$work/systemd.log"
expect "the row says it is off" atspi wait "Off: no morning notification, and ticked topics wait" 10
atspi click "Background work" "check box"
expect "on again enables both" wait_for 10 bash -c "test \$(grep -c '\"EnableUnitFiles\"' '$work/systemd.log') -eq 2"
expect "the row says it is on again" atspi wait "On: the morning notification comes, and decks are made for the topics you tick" 10

# Send a test notification: the scheduler's own fire, shown by the server, its line in a toast (once the
# switch's toasts are gone: a toast waits behind the one on show).
expect "the switch's toast has gone" atspi gone "Background work on" 20
atspi click "Send"
expect "the test notification reaches the server" wait_for 30 notified_at_least 1
# A toast lives 5 s; on a loaded machine one dump of this tree takes seconds, so a dump per poll could miss it:
# one waiting reader looks for the line the toast must say (the app's words: no date, which fire's line has).
expect "the window says it was shown" preferences_atspi wait "Shown: today's dose" 20

# Sync now from the configured source (the sample pack as a file): progress ends in the recorded result.
expect "no sync has run yet" atspi wait "Not synced yet" 5
# A button on a page never shown is not realized, and GTK activates no such button: show the page first.
atspi click "Content" "page tab"
atspi click "Sync now"
synced_shown() { atspi dump | grep -Eq "^label	Last synced at [0-9]{2}:[0-9]{2}: 328 doses	"; }
wait_for 30 synced_shown || { atspi dump >"$art/tree-sync.txt"; fail "the result shows, in local time"; }
log "ok: the result shows, in local time"
expect "the pool is the synced one" test "$(/usr/bin/python3 -c 'import json, sys; print(json.load(open(sys.argv[1]))["count"])' "$XDG_STATE_HOME/daily-dose/snapshot.json")" = 328
expect "the result is recorded for the next start" grep -Eq '"outcome": ?"synced"' "$XDG_STATE_HOME/daily-dose/last-sync.json"
atspi dump >"$art/tree-after.txt"
import -window "$(xdotool search --name "^Preferences$" | head -1)" "$art/preferences-content.png"
log "PASS"
