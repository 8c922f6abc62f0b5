#!/usr/bin/env bash
# The notification server slow to answer (a fake server on the bus: a few seconds per call, then a Notify
# slower than libnotify's 25 s D-Bus timeout), killed right after the scheduler's fire, and no D-Bus
# session at all: no crash, never a second Notify for a day, and without a bus `fire` exits 69 while
# `run` stays up and waits without busy-looping.
needs_session_bus=1
source "$(dirname "$0")/lib.sh"

stamp="$XDG_STATE_HOME/daily-dose/last-fired"
fake_pid=""
fake_up() { # fake_up INFO_DELAY NOTIFY_DELAY
    /usr/bin/python3 "$DOSE_ROOT/tests/e2e/fake-notification-server.py" "$1" "$2" "$work/fake.log" >>"$art/fake.log" 2>&1 &
    fake_pid=$!
    bg_pids+=($fake_pid)
    wait_for 20 bash -c "dbus-send --session --print-reply --dest=org.freedesktop.DBus / org.freedesktop.DBus.NameHasOwner \
        string:org.freedesktop.Notifications 2>/dev/null | grep -q true" || fail "the fake server did not take the bus name"
}
fake_down() { stop_child "$fake_pid"; fake_pid=""; }
handled() { cat "$work/fake.log" 2>/dev/null | grep -c '^notify ' || true; }
handled_exactly() { [ "$(handled)" -eq "$1" ]; }
scheduler_up() { # scheduler_up LOG: a scheduler whose notify-time (00:00) is already past today: it fires at once
    "$DOSE_BIN/dose-notify" run >>"$art/$1" 2>&1 &
    scheduler=$!
    bg_pids+=($scheduler)
}
scheduler_down() { stop_child "$scheduler"; }

desktop_up
dose import "$DOSE_ROOT/content/sample-pack.json" >/dev/null
# notify-time 00:00 is past for the whole day, so a scheduler started without a stamp fires at once.
[ "$(clock_date +%H%M)" = 0000 ] && sleep 60
dose config set notify-time 00:00 >/dev/null

# 1. A slow server (3 s in every call, under libnotify's timeout): delivered once, nothing repeated.
fake_up 3 3
scheduler_up scheduler-slow.log
wait_for 60 handled_exactly 1 || fail "slow server: not delivered"
# The server logs the call just before it answers; the stamp is written once the answer reached the scheduler.
expect "slow server: the stamp says today" wait_for 15 grep -qsx "$(clock_date +%F)" "$stamp"
expect "slow server: one Notify on the bus" notified_exactly_for 1 5
expect "slow server: the scheduler is running" kill -0 "$scheduler"
scheduler_down; fake_down; rm -f "$stamp" "$work/fake.log"

# 2. A Notify slower than the D-Bus timeout (40 s): the call times out in the scheduler while the server
#    still shows the notification; the scheduler must not send it again (a retry would show it twice).
fake_up 0 40
scheduler_up scheduler-timeout.log
wait_for 20 notified_exactly 2 || fail "timeout: the scheduler sent no Notify"
wait_for 60 handled_exactly 1 || fail "timeout: the server never handled the Notify"
log "timeout: $(grep -i 'notif' "$art/scheduler-timeout.log" | tail -2 | tr '\n' ' ')"
expect "timeout: the scheduler logged the timeout" grep -q "did not answer" "$art/scheduler-timeout.log"
expect "timeout: no second Notify after the timeout (backoff is 15 s)" notified_exactly_for 2 20
expect "timeout: the server showed it once" handled_exactly 1
expect "timeout: the scheduler is running" kill -0 "$scheduler"
scheduler_down; fake_down; rm -f "$stamp" "$work/fake.log"

# 3. The server killed right after the scheduler's fire, then back: no second Notify that day.
dunst_up
scheduler_up scheduler-killed.log
wait_for 30 notified_exactly 3 || fail "killed: the scheduler did not fire"
dunst_down
expect "killed: the scheduler survives its server going away" kill -0 "$scheduler"
dunst_up
expect "killed: no re-fire when the server returns" notified_exactly_for 3 20
expect "killed: the scheduler is running" kill -0 "$scheduler"
# Control: the returned server does take notifications, so the count above could have moved.
"$DOSE_BIN/dose-notify" fire >>"$art/fire-control.log" 2>&1 &
bg_pids+=($!)
wait_for 20 notified_exactly 4 || fail "control: the returned server took no notification"
scheduler_down; dunst_down

# 4. No D-Bus session at all (no address, no display to autolaunch one from, no $XDG_RUNTIME_DIR/bus).
nobus=(env -u DBUS_SESSION_BUS_ADDRESS -u DISPLAY)
expect "no bus: the runtime directory has no bus socket" test ! -e "$XDG_RUNTIME_DIR/bus"
rm -f "$stamp"
status=0
"${nobus[@]}" "$DOSE_BIN/dose-notify" fire >"$art/fire-nobus.out" 2>"$art/fire-nobus.err" || status=$?
log "fire without a bus: exit $status: $(head -1 "$art/fire-nobus.err")"
expect "no bus: fire exits 69" test "$status" -eq 69
expect "no bus: a clear message" grep -q "no notification server answered: no D-Bus session bus" "$art/fire-nobus.err"
"${nobus[@]}" "$DOSE_BIN/dose-notify" run >>"$art/scheduler-nobus.log" 2>&1 &
scheduler=$!
bg_pids+=($scheduler)
wait_for 20 grep -q "no D-Bus session bus" "$art/scheduler-nobus.log" || fail "no bus: the scheduler logged nothing clear"
switches() { awk '/^(voluntary|nonvoluntary)_ctxt_switches/ { n += $2 } END { print n }' /proc/"$scheduler"/task/*/status; }
# 20 s spans the first retry (15 s after the first try), so the count must move (the control), but only a little.
before=$(switches)
sleep 20
after=$(switches)
log "no bus: $(( after - before )) context switches (all threads) in 20 s; log: $(tail -1 "$art/scheduler-nobus.log")"
expect "no bus: the scheduler stays up" kill -0 "$scheduler"
expect "no bus: it retried (a second clear log line)" test "$(grep -c 'no D-Bus session bus' "$art/scheduler-nobus.log")" -ge 2
expect "control: the context switch count moved with the retry" test "$(( after - before ))" -gt 0
expect "no bus: no busy loop (under 100 context switches in 20 s)" test "$(( after - before ))" -lt 100
expect "no bus: nothing recorded as fired" test ! -e "$stamp"
expect "no crash in any scheduler log" bash -c "! grep -qi 'fatal\|segmentation\|assertion' '$art'/scheduler-*.log"
log "done"
