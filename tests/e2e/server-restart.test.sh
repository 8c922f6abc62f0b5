#!/usr/bin/env bash
# dunst killed and started again between two fires: each fire reaches the server that is there;
# `fire` ends when its notification's server goes away; a click after the restart opens the dose.
needs_session_bus=1
source "$(dirname "$0")/lib.sh"

desktop_up
dunst_up
install_test_handler
dose import "$DOSE_ROOT/content/sample-pack.json"

"$DOSE_BIN/dose-notify" fire --id formula-faraday-law >>"$art/fire-1.log" 2>&1 &
first=$!
bg_pids+=($first)
wait_for 10 notified_exactly 1 || fail "first fire not delivered"

dunst_down
wait_for 10 bash -c "! kill -0 $first 2>/dev/null" || fail "fire did not end when its server went away"
expect "no crash when the server went away" bash -c "! grep -qi 'fatal\|segmentation' '$art/fire-1.log'"

dunst_up
"$DOSE_BIN/dose-notify" fire --id formula-faraday-law >>"$art/fire-2.log" 2>&1 &
second=$!
bg_pids+=($second)
wait_for 10 notified_exactly 2 || fail "second fire not delivered to the restarted server"
sleep 1
click_notification
wait_for 15 test -s "$work/opened.log" || fail "the click after the restart opened nothing"
wait_for 10 bash -c "! kill -0 $second 2>/dev/null" || fail "fire did not end after its notification closed"
expect "the page is the fired dose" grep -q 'formula-faraday-law' "$(sed -n 's/^uri=//p' "$work/opened.log" | head -1)"

dunst_down
status=0
"$DOSE_BIN/dose-notify" fire 2>"$art/fire-3.log" || status=$?
expect "no server: fire exits 69" test "$status" -eq 69
expect "no server: a clear message" grep -q "no notification server" "$art/fire-3.log"
log "done"
