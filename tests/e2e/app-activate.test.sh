#!/usr/bin/env bash
# `ActivateAction open-dose ID` on the session bus, as the scheduler and GNOME Shell send it: with daily-dose not
# running (D-Bus activation through desktop/net.dailydose.DailyDose.service, `--gapplication-service`) and with it
# running (the one instance shows the item); an id outside the configured branch is found in the unfiltered pool,
# a retired id gets the honest page, `today` goes back.
needs_app_bus=1
every_date=1
source "$(dirname "$0")/lib.sh"
app_up
dose import "$DOSE_ROOT/content/sample-pack.json" >/dev/null
instances() { app_instances | wc -l; }
no_instances() { [ "$(instances)" -eq 0 ]; }  # for wait_for: counted on each poll

# Two items: a question, and an item of another branch than the configured one.
dose config set branch CS >/dev/null
# Whole outputs to files first: a reader that stops early (head, break) would give dose a SIGPIPE, and pipefail.
dose list --kind question >"$work/questions.txt" 2>/dev/null || true
question=$(awk 'NR == 1 {print $1}' "$work/questions.txt")
[ -n "$question" ] || fail "no question in the sample pack"
dose list --branch EE >"$work/ee.txt" 2>/dev/null || true
other=""
for id in $(awk '{print $1}' "$work/ee.txt"); do
    dose show "$id" --json >"$work/item.json" 2>/dev/null || continue
    if grep -q '"tags":\[[^]]*"EE"' "$work/item.json" && ! grep -q '"CS"' "$work/item.json"; then other=$id; break; fi
done
log "question $question, other-branch item ${other:-none}"

expect "no daily-dose runs" test "$(instances)" -eq 0
expect "the app's name has no owner yet" bash -c "! dbus-send --session --print-reply --dest=org.freedesktop.DBus / org.freedesktop.DBus.NameHasOwner string:net.dailydose.DailyDose | grep -q true"
app_action open-dose "$question"
expect "D-Bus activation started daily-dose" wait_for 20 bus_has_owner net.dailydose.DailyDose
expect "its window shows the item" atspi wait-card "$(item_title "$question")" 20
atspi card >"$art/card-activated.txt"
expect "an opened item's heading is its kind, with no day" test "$(sed -n 1p "$art/card-activated.txt")" = "$(kind_name_of question)"
expect "one instance" test "$(instances)" -eq 1

if [ -n "$other" ]; then
    app_action open-dose "$other"
    expect "an item outside the branch opens too" atspi wait-card "$(item_title "$other")" 10
fi
app_action open-dose "q-retired-since-the-notification"
expect "a retired id gets the honest page" atspi wait-card "This dose is no longer available" 10
expect "naming the id" grep -q "q-retired-since-the-notification" <(atspi card)
app_action today
expect "today goes back to today's dose" atspi wait-card "$(title_on "$(clock_date +%F)")" 10
expect "still one instance" test "$(instances)" -eq 1

# A second launch hands over to the running instance and exits.
"$DOSE_BIN/daily-dose" >>"$art/second.log" 2>&1 &
second=$!
expect "a second launch exits" wait_for 10 bash -c "! kill -0 $second 2>/dev/null"
expect "one instance after it" test "$(instances)" -eq 1

# Closing the window ends the activated service too.
window=$(xdotool search --name "^Daily Dose$" | head -1)
xdotool mousemove --window "$window" 300 300
xdotool key ctrl+w
expect "closing the window ends the process" wait_for 15 no_instances
log "PASS"
