#!/usr/bin/env bash
# A notification left until after midnight still opens the dose it advertised, not the new day's:
# the scheduler runs under libfaketime from 23:59:50, fires the day's (missed 23:59) notification,
# and the click comes after its clock passed midnight.
needs_session_bus=1
# The clock is set here with libfaketime: tests/run-e2e.sh runs this once, without the clock seam.
own_clock=1
source "$(dirname "$0")/lib.sh"

desktop_up
dunst_up
install_test_handler

cat >"$work/pack.json" <<'PACK'
{"format": "daily-dose-pack/1", "items": [
 {"id": "f-ohm", "kind": "fact", "sortKey": 2, "text": "Ohm's law: $V = IR$"},
 {"id": "f-euler", "kind": "fact", "text": "Euler: $e^{i\\pi} + 1 = 0$"},
 {"id": "m-ohm", "kind": "formula", "text": "V = I R"},
 {"id": "q-z", "kind": "question", "text": "Zed?", "answer": "SECRET-ANSWER"}
]}
PACK
dose import "$work/pack.json"
dose config set notify-time 23:59
advertised=$("$DOSE_BIN/dose-notify" --dry-run --date 2026-11-29 --json | python3 -c 'import json,sys; print(json.load(sys.stdin)["id"])')
next_day=$("$DOSE_BIN/dose-notify" --dry-run --date 2026-11-30 --json | python3 -c 'import json,sys; print(json.load(sys.stdin)["id"])')
log "2026-11-29 advertises $advertised; 2026-11-30 would be $next_day"
expect "the two days differ (else this test proves nothing)" test "$advertised" != "$next_day"

FAKETIME_DONT_RESET=1 faketime -f "@2026-11-29 23:59:50" "$DOSE_BIN/dose-notify" run >>"$art/scheduler.log" 2>&1 &
bg_pids+=($!)
wait_for 10 notified_at_least 1 || fail "the missed 23:59 notification did not fire"
# The line is written once the server has answered the Notify call the monitor just counted: wait for it.
expect "the journal names the day" wait_for 10 grep -qE '(^|>)notified 2026-11-29$' "$art/scheduler.log"
expect "the journal never names the item (nothing is recorded)" bash -c "! grep -q -- '$advertised' '$art/scheduler.log'"
sleep 12   # the scheduler's clock is now past midnight
click_notification
wait_for 15 test -s "$work/opened.log" || fail "the click opened nothing"
page=$(sed -n 's/^uri=//p' "$work/opened.log" | head -1)
page=${page#file://}
cp "$page" "$art/page.html"
expect "the click opened the advertised dose" grep -q "<p class=\"dd-id\">$advertised</p>" "$page"
expect "not the new day's" bash -c "! grep -q '<p class=\"dd-id\">$next_day</p>' '$page'"
expect "exactly one notification" test "$(notify_count)" -eq 1
log "done"
