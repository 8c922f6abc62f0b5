#!/usr/bin/env bash
# The scheduler fires once at notify-time on a real stack (D-Bus, Xvfb, dunst); the Notify call
# withholds the answer; a restart does not fire again; a branch change before the click still
# opens the advertised dose; a real click opens it through the default handler; Chromium renders KaTeX.
needs_session_bus=1
source "$(dirname "$0")/lib.sh"

desktop_up
dunst_up
install_test_handler

cat >"$work/pack.json" <<'PACK'
{"format": "daily-dose-pack/1", "items": [
 {"id": "q-advertised", "kind": "question", "tags": ["CS"],
  "text": "What is $\\int_0^1 x^2\\,dx$ & is it < 1?",
  "answer": "SECRET-ANSWER one third", "explanation": "SECRET-EXPLANATION power rule: $\\frac{x^3}{3}$"},
 {"id": "f-other", "kind": "fact", "tags": ["EE"], "text": "Only for EE."}
]}
PACK
dose import "$work/pack.json"
dose config set branch CS
at=$(next_minute)
dose config set notify-time "$at"
due_in=$(seconds_until "$at")
armed=$SECONDS
log "notify-time $at, in $due_in s"

"$DOSE_BIN/dose-notify" run >>"$art/scheduler.log" 2>&1 &
scheduler=$!
bg_pids+=($scheduler)

expect "nothing fires before notify-time" test "$(notify_count)" -eq 0
wait_for $(( $(seconds_until "$at") + 20 )) notified_at_least 1 || fail "no notification by notify-time"
# The timer is armed at the real instant that notify-time is on the programs' clock (WallClock.realInstant): a
# shift of the clock not undone would fire at once (a date in the past) or months late (one in the future).
# A timer armed at an instant already past fires at once and is armed again, spinning until notify-time comes: the
# scheduler's CPU time says so on any load (utime + stime, in clock ticks).
waited=$(( SECONDS - armed ))
expect "it fired at notify-time, not before ($waited s of $due_in)" test "$waited" -ge $(( due_in - 2 ))
stat=$(cat "/proc/$scheduler/stat"); stat=${stat##*) }
read -r -a fields <<<"$stat"
ticks=$(( fields[11] + fields[12] )) hz=$(getconf CLK_TCK)
expect "the scheduler slept while it waited ($(( ticks * 1000 / hz )) ms of CPU)" test "$(( ticks * 1000 / hz ))" -lt 1000
sleep 3
expect "exactly one Notify call" test "$(notify_count)" -eq 1

capture="$art/dbus-monitor.txt"
expect "summary is the question headline" grep -q 'string "Question of the day"' "$capture"
expect "body is the question in Unicode, markup-escaped" grep -q 'string "What is ∫₀¹ x² dx &amp; is it &lt; 1?"' "$capture"
expect "app name" grep -q 'string "Daily Dose"' "$capture"
expect "desktop-entry hint" bash -c "grep -A1 'string \"desktop-entry\"' '$capture' | grep -q 'net.dailydose.DailyDose'"
expect "category hint" grep -q 'string "category"' "$capture"
expect "urgency normal" bash -c "grep -A1 'string \"urgency\"' '$capture' | grep -q 'byte 1'"
expect "default action, with an empty label" bash -c "grep -A2 'string \"default\"' '$capture' | grep -q 'string \"\"'"
expect "the Open button's key is the advertised id" bash -c "grep -A1 'string \"q-advertised\"' '$capture' | grep -q 'string \"Open\"'"
expect "no answer in the Notify call" bash -c "! grep -q SECRET-ANSWER '$capture'"
expect "no explanation in the Notify call" bash -c "! grep -q SECRET-EXPLANATION '$capture'"
# The stamp is written once the server's answer reached the scheduler, which may come after the Notify seen.
expect "the stamp records today" wait_for 10 grep -qsx "$(clock_date +%F)" "$XDG_STATE_HOME/daily-dose/last-fired"

# The student changes branch before clicking: the click still opens what was advertised.
dose config set branch EE
sleep 1
click_notification
wait_for 15 test -s "$work/opened.log" || fail "the click opened nothing"
cat "$work/opened.log" | tee "$art/opened.log"
page=$(sed -n 's/^uri=//p' "$work/opened.log" | head -1)
page=${page#file://}
expect "the page exists" test -f "$page"
cp "$page" "$art/page.html"
expect "the page is the advertised dose" grep -q '<p class="dd-id">q-advertised</p>' "$page"
expect "the answer sits behind the reveal control" grep -q '<details class="dd-reveal">' "$page"
expect "content is escaped in the page" grep -q '&amp; is it &lt; 1?' "$page"

chromium_load "$page" "$art/dom.html" "$art/screenshot.png"
expect "KaTeX rendered the math in the DOM" grep -q 'class="katex"' "$art/dom.html"
expect "the render script ran" grep -q 'data-rendered="true"' "$art/dom.html"
expect "a screenshot was taken" test -s "$art/screenshot.png"
# Clicks go only to the process that sent the notification, so the restart comes after the click.
stop_child "$scheduler"
"$DOSE_BIN/dose-notify" run >>"$art/scheduler-restarted.log" 2>&1 &
bg_pids+=($!)
sleep 4
expect "a restart after the day's fire does not fire again" test "$(notify_count)" -eq 1
log "done"
