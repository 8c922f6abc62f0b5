#!/usr/bin/env bash
# No notification server at notify-time: a clear log line, no crash; when a server appears the day's
# notification is delivered once, without waiting for the next backoff step.
needs_session_bus=1
every_date=1
source "$(dirname "$0")/lib.sh"

desktop_up
dose import "$DOSE_ROOT/content/sample-pack.json"
at=$(next_minute)
dose config set notify-time "$at"
log "notify-time $at, in $(seconds_until "$at") s"

"$DOSE_BIN/dose-notify" run >>"$art/scheduler.log" 2>&1 &
scheduler=$!
bg_pids+=($scheduler)

sleep $(( $(seconds_until "$at") + 4 ))
expect "the scheduler is still running" kill -0 "$scheduler"
expect "nothing delivered without a server" test "$(notify_count)" -eq 0
expect "a clear log line" grep -q "no notification server" "$art/scheduler.log"
expect "no stamp without a delivery" test ! -e "$XDG_STATE_HOME/daily-dose/last-fired"

dunst_up
wait_for 10 notified_at_least 1 || fail "not delivered when the server appeared"
sleep 3
expect "delivered exactly once" test "$(notify_count)" -eq 1
expect "the stamp records today" wait_for 10 grep -qsx "$(clock_date +%F)" "$XDG_STATE_HOME/daily-dose/last-fired"
expected=$("$DOSE_BIN/dose-notify" --dry-run --date "$(clock_date +%F)" --json | python3 -c 'import json,sys; print(json.load(sys.stdin)["summary"])')
expect "the day's item was delivered" grep -qF "string \"$expected\"" "$art/dbus-monitor.txt"
log "done"
