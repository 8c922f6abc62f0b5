#!/usr/bin/env bash
# A scheduler restarted while its notification is on screen re-attaches to it (issue 13): the server's id
# and the item's id are kept in $XDG_RUNTIME_DIR/daily-dose/notification.json, the new scheduler shows the
# notification again in place (replaces_id; still one on screen, no second day fired), and the click,
# after a branch change, hands the advertised id to the real daily-dose, which is not running and starts
# by D-Bus activation; its card (read through AT-SPI) shows the advertised item's title. The clicked
# notification is closed and forgotten; a later restart shows nothing again.
needs_app_bus=1
source "$(dirname "$0")/lib.sh"

app_up
server_up dunst
install_test_handler
app_activatable

cat >"$work/pack.json" <<'PACK'
{"format": "daily-dose-pack/1", "items": [
 {"id": "q-advertised", "kind": "question", "tags": ["CS"], "text": "What is 2 + 2?", "answer": "4"},
 {"id": "f-other", "kind": "fact", "tags": ["EE"], "text": "Only for EE."}
]}
PACK
dose import "$work/pack.json"
dose config set branch CS
dose config set notify-time 00:00
record="$XDG_RUNTIME_DIR/daily-dose/notification.json"

"$DOSE_BIN/dose-notify" run >>"$art/scheduler-1.log" 2>&1 &
first=$!
bg_pids+=($first)
wait_for 15 notified_exactly 1 || fail "the overdue day was not notified"
wait_for 5 test -s "$record" || fail "no record of the notification on screen"
cp "$record" "$art/record-1.json"
server_id=$(/usr/bin/python3 -c 'import json,sys; r=json.load(open(sys.argv[1])); print(r["serverID"]); assert r["itemID"]=="q-advertised"' "$record") \
    || fail "the record does not name the advertised item"
expect "the record is private (0600)" test "$(stat -c %a "$record")" = 600
expect "the journal names no id" bash -c "! grep -q q-advertised '$art/scheduler-1.log'"

stop_child "$first"
"$DOSE_BIN/dose-notify" run >>"$art/scheduler-2.log" 2>&1 &
second=$!
bg_pids+=($second)
wait_for 15 notified_exactly 2 || fail "the restarted scheduler did not show the notification again"
replaces=$(awk '/member=Notify$/ { n++ } n == 2 && /uint32/ { print $2; exit }' "$art/dbus-monitor.txt")
expect "the second Notify replaces the first in place (replaces_id $server_id)" test "$replaces" = "$server_id"
expect "the re-shown notification carries the advertised id" \
    bash -c "awk '/member=Notify\$/ { n++ } n == 2' '$art/dbus-monitor.txt' | grep -q 'string \"q-advertised\"'"
expect "it advertises the question the card will show" test "$(last_notify_copy | tr '\n' '|')" = "Question of the day|$(item_title q-advertised)|"
sleep 1
expect "one notification on screen" test "$(dunstctl count displayed)" -eq 1
expect "the restart says it re-attached" grep -q "on screen from before the restart" "$art/scheduler-2.log"
expect "the day is not fired again" test "$(grep -c '^.*notified ' "$art/scheduler-2.log" || true)" -eq 0

dose config set branch EE
sleep 1
app_running() { bus_has_owner "$app_id"; }
app_not_running() { ! bus_has_owner "$app_id"; }
expect "the app is not running before the click" app_not_running
click_to_open
expect "the app was started by D-Bus activation" wait_for 30 app_running
expect "its card shows the advertised dose ($(item_title q-advertised))" atspi wait-card "$(item_title q-advertised)" 30
expect "the app was asked once, for the advertised id" test "$(app_asked q-advertised)" -eq 1
expect "the click was handed to the app" grep -q "handed to the Daily Dose app" "$art/scheduler-2.log"
expect "no page opened" test ! -s "$work/opened.log"
wait_for 5 test ! -e "$record" || fail "the record outlived the click"
expect "the clicked notification was closed" grep -q "member=CloseNotification" "$art/dbus-monitor.txt"

stop_child "$second"
"$DOSE_BIN/dose-notify" run >>"$art/scheduler-3.log" 2>&1 &
bg_pids+=($!)
expect "after the click a restart shows nothing again" notified_exactly_for 2 4
log "done"
