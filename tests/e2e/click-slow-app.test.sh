#!/usr/bin/env bash
# A click's hand-off to an app that is slow or never answers does not hold up the scheduler (issue 13, the
# click hand-off). A stand-in app (tests/support/standin_app.py) owns net.dailydose.DailyDose and answers
# ActivateAction late or never; dunst (test configuration) is clicked by xdotool.
# - `dose-notify run`, the app hung: the click closes the notification and drops the record at once, while the
#   ActivateAction is pending; SIGTERM then ends the scheduler promptly (before: the loop sat in a 60 s call).
# - `dose-notify fire`, the app answering after 3 s: closed at once, the answer awaited, no page.
# - `dose-notify fire`, the app hung: closed at once; after the 25 s bound the page opens, once, and fire ends.
needs_session_bus=1
source "$(dirname "$0")/lib.sh"

desktop_up
server_up dunst
install_test_handler

cat >"$work/pack.json" <<'PACK'
{"format": "daily-dose-pack/1", "items": [
 {"id": "q-hung", "kind": "question", "text": "What is 2 + 2?", "answer": "4"},
 {"id": "f-slow", "kind": "fact", "title": "Slow", "text": "An app that takes its time."},
 {"id": "f-never", "kind": "fact", "title": "Never", "text": "An app that never answers."}
]}
PACK
dose import "$work/pack.json" >/dev/null
dose config set notify-time 00:00 >/dev/null
record="$XDG_RUNTIME_DIR/daily-dose/notification.json"

standin_pid=""
standin_up() { # standin_up MODE: the stand-in app, answering after MODE ms, "never"
    /usr/bin/python3 "$DOSE_ROOT/tests/support/standin_app.py" "$work/app-calls.log" "$1" >>"$art/standin.log" 2>&1 &
    standin_pid=$!
    bg_pids+=($standin_pid)
    wait_for 10 bus_has_owner "$app_id" || fail "the stand-in app did not take $app_id"
}
standin_down() {
    stop_child "$standin_pid"
    wait_for 10 bash -c "! dbus-send --session --print-reply --dest=org.freedesktop.DBus / org.freedesktop.DBus.NameHasOwner string:$app_id 2>/dev/null | grep -q true"
}
calls() { cat "$work/app-calls.log" 2>/dev/null | grep -c '"open-dose"' || true; }
called() { [ "$(calls)" -ge "$1" ]; }
closes() { grep -c "member=CloseNotification" "$art/dbus-monitor.txt" || true; }
closed() { [ "$(closes)" -ge "$1" ]; }
ended() { ! kill -0 "$1" 2>/dev/null; }
pages() { cat "$work/opened.log" 2>/dev/null | grep -c '^uri=' || true; }
paged() { [ "$(pages)" -ge 1 ]; }
fire_pid=""
asked=0
# Fires ID (the Nth notification and the Nth hand-off of the scenario), clicks it once the app is asked, and
# checks the notification closes while the answer is pending; fire's log goes to fire-ID.log, the moment the
# app was asked to $asked.
fire_and_click() { # fire_and_click ID N
    "$DOSE_BIN/dose-notify" fire --id "$1" --wait 60 >>"$art/fire-$1.log" 2>&1 &
    fire_pid=$!
    bg_pids+=($fire_pid)
    wait_for 10 notified_exactly "$2" || fail "fire showed nothing"
    click_to_open
    wait_for 10 called "$2" || fail "the click did not reach the app"
    asked=$(date +%s)
    expect "closed while the answer is pending" wait_for 2 closed "$2"
}

log "--- run, the app hung: the click is handled at once, SIGTERM answered"
standin_up never
"$DOSE_BIN/dose-notify" run >>"$art/scheduler.log" 2>&1 &
scheduler=$!
bg_pids+=($scheduler)
wait_for 15 notified_exactly 1 || fail "the overdue day was not notified"
wait_for 5 test -s "$record" || fail "no record of the notification on screen"
click_to_open
wait_for 10 called 1 || fail "the click did not reach the app"
expect "the notification is closed while the app's answer is pending" wait_for 2 closed 1
expect "the record is dropped while it is pending" wait_for 2 test ! -e "$record"
expect "the scheduler still runs" kill -0 "$scheduler"
kill -TERM "$scheduler"
expect "SIGTERM ends the scheduler at once, the hand-off still pending" wait_for 3 ended "$scheduler"
expect "it stopped as asked" grep -q "dose-notify stopping" "$art/scheduler.log"
expect "no page opened" test "$(pages)" -eq 0
standin_down

log "--- fire, the app answering after 3 s: closed at once, the answer awaited, no page"
standin_up 3000
fire_and_click f-slow 2
expect "fire waits for the answer" kill -0 "$fire_pid"
expect "fire ends once the app answered" wait_for 10 ended "$fire_pid"
expect "the click was handed to the app" grep -q "handed to the Daily Dose app" "$art/fire-f-slow.log"
expect "no page opened" test "$(pages)" -eq 0
standin_down

log "--- fire, the app hung: the page after the bound, once"
standin_up never
fire_and_click f-never 3
expect "the page opens once the 25 s bound is out" wait_for 40 paged
waited=$(( $(date +%s) - asked ))
log "the page came $waited s after the app was asked"
expect "not before the bound ($waited s)" test "$waited" -ge 24
expect "fire ends after the page" wait_for 5 ended "$fire_pid"
expect "the page is the clicked dose" grep -q "f-never" "$(sed -n 's/^uri=//p' "$work/opened.log" | head -1)"
expect "the journal says the app did not answer" grep -q "did not answer the click in time" "$art/fire-f-never.log"
sleep 1
expect "exactly one page" test "$(pages)" -eq 1
log "done"
