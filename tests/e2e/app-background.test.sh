#!/usr/bin/env bash
# The app runs the learning queue with no command typed (issue 20), on a desktop without a systemd user manager
# (none on this bus). A fresh home with a loopback provider configured and a topic ticked before the app ever
# ran: the first-run page's Done starts `dose daemon` as the app's child (in a session of its own), and the
# deck and the quiz arrive; the provider's log shows both requests, and neither `dose learn run` nor
# `dose daemon` is typed here. Then Preferences' one switch, "Background work", off: the daemon stops; a new
# tick's row says "background work is off", with the notice above the list; a provider set up while the window
# is open shows at once (the app reads the config as it is now, not only when the store changes); the notice's button turns background work on again and the second deck arrives. Nothing on screen
# names a command or a config key.
needs_app_bus=1
source "$(dirname "$0")/lib.sh"
tz_near_hour 3
app_up
provider_up '{"default": "ok"}'
dose learn tick Calculus Limits >/dev/null
choice="$XDG_CONFIG_HOME/daily-dose/background-work"
requests() { grep -c '"kind"' "$work/requests.log" 2>/dev/null || true; }
ready() { dose learn list | grep -qxF "[ready] $1"; }
tree_has() { atspi dump | grep -Eq "$1"; }
no_daemon() { test -z "$(daemon_instances)"; }
expect "no systemd user manager on this bus" eval '! bus_has_owner org.freedesktop.systemd1'

app_start
expect "an empty pool opens the welcome page" atspi wait "Welcome to Daily Dose" 10
expect "nothing runs the queue before the first run" no_daemon
expect "no request yet" test "$(requests)" -eq 0
atspi click "Import the sample pack"
expect "the sample pack is imported" atspi wait "328 doses imported" 60
atspi dump >"$art/tree-choices.txt"
expect "the page offers background work" grep -q $'^label\tBackground work\t' "$art/tree-choices.txt"
atspi click "Show today's dose"
wait_for 90 ready "Calculus — Limits" || { dose learn list >"$art/learn-list.txt"; fail "the deck and the quiz arrive, no command typed"; }
log "ok: the deck and the quiz arrive, no command typed"
expect "Done records background work on" wait_for 15 grep -qx on "$choice"
expect "the provider was asked for the deck and the quiz" test "$(requests)" -eq 2
daemon=$(daemon_instances)
expect "one dose daemon runs" test "$(echo "$daemon" | wc -w)" -eq 1
expect "started by the app" test "$(ps -o ppid= -p "$daemon" | tr -d ' ')" = "$app_pid"
expect "in a session of its own" test "$(ps -o sid= -p "$daemon" | tr -d ' ')" = "$daemon"

# The one switch, off: the daemon stops.
app_action preferences
expect "Preferences open" wait_for 10 bash -c "/usr/bin/python3 '$DOSE_ROOT/tests/support/atspi_driver.py' windows | grep -qx Preferences"
expect "the switch row says what on means" atspi wait "On: the morning notification comes, and decks are made for the topics you tick" 10
atspi dump >"$art/tree-preferences.txt"
atspi click "Background work" "check box"
expect "the row says what off means" atspi wait "Off: no morning notification, and ticked topics wait" 15
expect "the choice is recorded" wait_for 10 grep -qx off "$choice"
expect "the daemon stops" wait_for 15 no_daemon

# A tick with no provider: the row says background work is off; what holds every topic is said above the rows,
# in the app's words; the notice offers to turn background work on.
dose config unset provider.model >/dev/null
dose learn tick Calculus Derivatives >/dev/null
app_action learn
expect "the Learn page shows" atspi wait "Add and tick" 10
row_off() { tree_has $'^label\tbackground work is off\t'; }
no_provider_said() { tree_has 'Waiting for a provider: no AI provider is set up yet: add one in Preferences, under AI provider\.'; }
wait_for 10 row_off || { atspi dump >"$art/tree-off.txt"; fail "the row says background work is off"; }
log "ok: the row says background work is off"
wait_for 10 no_provider_said || { atspi dump >"$art/tree-off.txt"; fail "the list says no provider is set up"; }
log "ok: the list says no provider is set up"
expect "the notice says so above the list" atspi wait "Background work is off, so no decks are made for the topics you tick." 5
# The provider set up again while the window is open and nothing touches the store: the view follows the config.
dose config set provider.model test-model >/dev/null
wait_for 10 eval '! no_provider_said' || { atspi dump >"$art/tree-provider.txt"; fail "the list drops the provider once one is set up"; }
log "ok: the list drops the provider once one is set up"
expect "the row still says background work is off" row_off
expect "nothing was asked meanwhile" test "$(requests)" -eq 2
atspi dump >"$art/tree-learn.txt"
expect "no command or config key on screen" eval "! grep -Eq 'provider\.(url|model)|dose (learn|daemon)|systemctl' '$art/tree-learn.txt' '$art/tree-preferences.txt' '$art/tree-choices.txt'"

# The notice's button: on again, the queue runs, the second deck arrives.
atspi click "Turn on background work"
expect "the choice is on again" wait_for 10 grep -qx on "$choice"
wait_for 90 ready "Calculus — Derivatives" || { dose learn list >"$art/learn-list.txt"; fail "the second deck arrives"; }
log "ok: the second deck arrives"
expect "the provider was asked twice more" test "$(requests)" -eq 4
expect "the notice is gone" atspi gone "Background work is off, so no decks are made for the topics you tick." 10
log "PASS"
