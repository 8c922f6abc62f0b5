#!/usr/bin/env bash
# Where GNOME Shell is the server (org.gtk.Notifications owned), the notification goes there for the app
# (issue 13), in GNotification's wire format: app id net.dailydose.DailyDose, default action app.open-dose,
# the item id as target. A fake Shell (tests/support/fake_gnome_shell_notifications.py, python3-dbus)
# refuses an app without a desktop file, as gnome-shell 43 does, and clicks the way it does:
# ActivateAction on the app's path with the target, which starts the real daily-dose by D-Bus activation
# when no Daily Dose process runs; its card (read through AT-SPI) shows the advertised item's title. No
# freedesktop server runs here.
needs_app_bus=1
every_date=1
source "$(dirname "$0")/lib.sh"

app_up
/usr/bin/python3 "$DOSE_ROOT/tests/support/fake_gnome_shell_notifications.py" "$work/shell.log" >>"$art/shell.log" 2>&1 &
bg_pids+=($!)
wait_for 10 bus_has_owner org.gtk.Notifications || fail "the fake Shell did not take org.gtk.Notifications"
dose import "$DOSE_ROOT/content/sample-pack.json"
# Three ids none of which is today's dose: a window opened on today would not show the clicked id.
today_title=$(title_on "$(clock_date +%F)")
"$DOSE_BIN/dose" completions ids >"$work/all-ids.txt"
ids=()
while read -r id; do
    [ "$(item_title "$id")" = "$today_title" ] || ids+=("$id")
    [ "${#ids[@]}" -ge 3 ] && break
done <"$work/all-ids.txt"

status=0
"$DOSE_BIN/dose-notify" fire --id "${ids[0]}" 2>"$art/fire-refused.log" || status=$?
expect "without the app's desktop file the Shell refuses and, with no other server, fire exits 69" test "$status" -eq 69
expect "the refusal is named" grep -q "GNOME Shell refused the notification" "$art/fire-refused.log"

app_activatable
timeout 20 "$DOSE_BIN/dose-notify" fire --id "${ids[1]}" >>"$art/fire.log" 2>&1 || fail "fire through the Shell failed"
expect "sent for the app with open-dose and the id as target" \
    grep -q "^add $app_id dose title=.* default-action=app.open-dose target=${ids[1]} replaced=False" "$work/shell.log"
expect "nothing on org.freedesktop.Notifications" test "$(notify_count)" -eq 0
# Its copy as the scheduler words it for that item (a title after the kind, or the kind alone for a question).
summary=$("$DOSE_BIN/dose-notify" --dry-run --id "${ids[1]}" --json | /usr/bin/python3 -c 'import json, sys; print(json.load(sys.stdin)["summary"])')
expect "the Shell's notification advertises the item ($summary)" \
    grep -qF " title=$summary default-action=app.open-dose target=${ids[1]} " "$work/shell.log"
app_not_running() { ! bus_has_owner "$app_id"; }
expect "no Daily Dose process runs" app_not_running

gdbus call --session --dest org.gtk.Notifications --object-path /org/gtk/Notifications \
    --method org.dailydose.Test.Click "$app_id" dose >/dev/null || fail "the Shell's click failed"
expect "the Shell's click started daily-dose by D-Bus activation" wait_for 30 bus_has_owner "$app_id"
expect "its card shows the advertised dose ($(item_title "${ids[1]}"))" atspi wait-card "$(item_title "${ids[1]}")" 30
expect "the app was asked once, with the Shell's startup id" \
    test "$(app_asked "${ids[1]}") $(app_asked_tokens "${ids[1]}")" = "1 desktop-startup-id shell-click-1"
expect "and took it as its startup id" test "$(app_startup_id)" = shell-click-1

# The scheduler through the Shell: the overdue day is sent there, nothing is kept for a restart.
dose config set notify-time 00:00
"$DOSE_BIN/dose-notify" run >>"$art/scheduler.log" 2>&1 &
bg_pids+=($!)
wait_for 15 bash -c "[ \$(grep -c '^add ' '$work/shell.log') -ge 2 ]" || fail "the scheduler did not notify through the Shell"
# The line is written once the Shell answered, which may be after the add the fake Shell logged.
expect "the scheduler logged the day" wait_for 10 grep -q "notified $(clock_date +%F)" "$art/scheduler.log"
expect "no record kept: the Shell hands the click to the app" test ! -e "$XDG_RUNTIME_DIR/daily-dose/notification.json"
timeout 20 "$DOSE_BIN/dose-notify" fire --id "${ids[2]}" >>"$art/fire.log" 2>&1 || fail "second fire failed"
expect "a new notification replaces the one on show (one id)" grep -q "^add $app_id dose .*target=${ids[2]} replaced=True" "$work/shell.log"
cp "$work/shell.log" "$art/shell-events.log"
log "done"
