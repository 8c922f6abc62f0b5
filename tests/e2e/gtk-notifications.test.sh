#!/usr/bin/env bash
# Where GNOME Shell is the server (org.gtk.Notifications owned), the notification goes there for the app
# (issue 13), in GNotification's wire format: app id net.dailydose.DailyDose, default action app.open-dose,
# the item id as target. A fake Shell (tests/support/fake_gnome_shell_notifications.py, python3-dbus)
# refuses an app without a desktop file, as gnome-shell 43 does, and clicks the way it does:
# ActivateAction on the app's path with the target, which starts the app by D-Bus activation when no
# Daily Dose process runs. No freedesktop server runs here.
needs_session_bus=1
needs_activation=1
source "$(dirname "$0")/lib.sh"

desktop_up
/usr/bin/python3 "$DOSE_ROOT/tests/support/fake_gnome_shell_notifications.py" "$work/shell.log" >>"$art/shell.log" 2>&1 &
bg_pids+=($!)
wait_for 10 bus_has_owner org.gtk.Notifications || fail "the fake Shell did not take org.gtk.Notifications"
dose import "$DOSE_ROOT/content/sample-pack.json"
mapfile -t ids < <("$DOSE_BIN/dose" completions ids | head -3)

status=0
"$DOSE_BIN/dose-notify" fire --id "${ids[0]}" 2>"$art/fire-refused.log" || status=$?
expect "without the app's desktop file the Shell refuses and, with no other server, fire exits 69" test "$status" -eq 69
expect "the refusal is named" grep -q "GNOME Shell refused the notification" "$art/fire-refused.log"

app_activatable
timeout 20 "$DOSE_BIN/dose-notify" fire --id "${ids[1]}" >>"$art/fire.log" 2>&1 || fail "fire through the Shell failed"
expect "sent for the app with open-dose and the id as target" \
    grep -q "^add $app_id dose title=.* default-action=app.open-dose target=${ids[1]} replaced=False" "$work/shell.log"
expect "nothing on org.freedesktop.Notifications" test "$(notify_count)" -eq 0
app_not_running() { ! bus_has_owner "$app_id"; }
expect "no Daily Dose process runs" app_not_running

gdbus call --session --dest org.gtk.Notifications --object-path /org/gtk/Notifications \
    --method org.dailydose.Test.Click "$app_id" dose >/dev/null || fail "the Shell's click failed"
wait_for 20 app_opened "${ids[1]}" || fail "the Shell's click did not open the advertised id in the app"
expect "the Shell's startup id reached the app" grep -q "^open-dose ${ids[1]} token=shell-click-1" "$DOSE_APP_LOG"

# The scheduler through the Shell: the overdue day is sent there, nothing is kept for a restart.
dose config set notify-time 00:00
"$DOSE_BIN/dose-notify" run >>"$art/scheduler.log" 2>&1 &
bg_pids+=($!)
wait_for 15 bash -c "[ \$(grep -c '^add ' '$work/shell.log') -ge 2 ]" || fail "the scheduler did not notify through the Shell"
expect "the scheduler logged the day" grep -q "notified $(date +%F)" "$art/scheduler.log"
expect "no record kept: the Shell hands the click to the app" test ! -e "$XDG_RUNTIME_DIR/daily-dose/notification.json"
timeout 20 "$DOSE_BIN/dose-notify" fire --id "${ids[2]}" >>"$art/fire.log" 2>&1 || fail "second fire failed"
expect "a new notification replaces the one on show (one id)" grep -q "^add $app_id dose .*target=${ids[2]} replaced=True" "$work/shell.log"
cp "$work/shell.log" "$art/shell-events.log"
log "done"
