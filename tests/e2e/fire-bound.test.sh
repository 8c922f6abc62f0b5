#!/usr/bin/env bash
# `dose-notify fire` is bounded (issue 13): a server that never reports its notification closed (as the GNOME
# fallback notification-daemon 3.20 never does; here the fake server of server-faults, which emits no
# signal at all) no longer holds it for ever. With --wait 3 it closes the notification and ends.
needs_session_bus=1
source "$(dirname "$0")/lib.sh"

desktop_up
/usr/bin/python3 "$DOSE_ROOT/tests/e2e/fake-notification-server.py" 0 0 "$work/fake.log" >>"$art/fake.log" 2>&1 &
bg_pids+=($!)
wait_for 10 bus_has_owner org.freedesktop.Notifications || fail "the fake server did not start"
dose import "$DOSE_ROOT/content/sample-pack.json"

start=$(date +%s.%N)
status=0
timeout 30 "$DOSE_BIN/dose-notify" fire --wait 3 >>"$art/fire.log" 2>&1 || status=$?
elapsed=$(echo "$(date +%s.%N) - $start" | bc)
log "fire ended after $elapsed s with status $status"
expect "fire ended by itself, status 0" test "$status" -eq 0
expect "within the bound (3 s, under 8 s with start-up)" bash -c "(( \$(echo '$elapsed >= 3 && $elapsed < 8' | bc) ))"
expect "one Notify" test "$(notify_count)" -eq 1
expect "the notification was closed at the bound" grep -q "member=CloseNotification" "$art/dbus-monitor.txt"
expect "the bound is logged" grep -q "no click within 3 s" "$art/fire.log"
status=0
"$DOSE_BIN/dose-notify" fire --wait 0 2>"$art/fire-usage.log" || status=$?
expect "--wait 0 is a usage error (64)" test "$status" -eq 64
log "done"
