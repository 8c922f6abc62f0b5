#!/usr/bin/env bash
# Issue 20's "Done when" as a student meets it, on the real app through AT-SPI and the keyboard. A fresh home (an
# empty pool), no systemd user manager on the bus, a loopback provider set up (as Preferences writes it) that
# answers HTTP 500 to every request about one syllabus topic (Sampling theorem) and serves the others. The
# first-run page: the sample pack imported, branch EE picked there, Done with background work on as offered (the
# app starts `dose daemon` itself). The Learn view: three EE syllabus topics ticked (search, Tab, Space), the
# failing one first. No `dose learn run` or `dose daemon` is typed: the two good topics get deck and quiz (the
# provider's log, `dose learn list --json`) before the failing one's own first backoff step ends, though it was
# tried first; it backs off on its own (its failures and next try; no hold of every topic) and is asked again at
# its own time. Then tomorrow's notification (`dose-notify --dry-run --date`) says "N flashcards due in T topics",
# N and T being what `dose learn study` of each topic gives in a copy of the home with the clock at that instant.
needs_app_bus=1
deadline=480
source "$(dirname "$0")/lib.sh"
tz_near_hour 3
app_up
failing="Sampling theorem"
good=("Engineering Mathematics I|Taylor and Maclaurin series" "Network Analysis|Circuit analysis with Laplace transforms")
provider_up "{\"default\": \"ok\", \"rules\": [{\"topic\": \"$failing\", \"always\": \"500\"}]}"
choice="$XDG_CONFIG_HOME/daily-dose/background-work"

asked_at_least() { [ "$(provider_asked "$1")" -ge "$2" ]; } # asked_at_least TOPIC N
ready() { [ "$(learn_field "$1" state)" = ready ]; }
both_ready() { local entry; for entry in "${good[@]}"; do ready "${entry#*|}" || return 1; done; }
failures_are() { [ "$(learn_field "$1" failures)" = "$2" ]; }
no_daemon() { test -z "$(daemon_instances)"; }
has_daemon() { test -n "$(daemon_instances)"; }

expect "no systemd user manager on this bus" eval '! bus_has_owner org.freedesktop.systemd1'
app_start
expect "an empty pool opens the welcome page" atspi wait "Welcome to Daily Dose" 10
expect "nothing runs the queue before the first run" no_daemon
atspi click "Import the sample pack"
expect "the sample pack is imported" atspi wait "328 doses imported" 60
atspi dump >"$art/tree-choices.txt"
expect "the page offers background work" grep -q $'^label\tBackground work\t' "$art/tree-choices.txt"

# The branch on the first-run page, by keyboard: Tab to its row, Enter opens the list ("No branch", "Common only",
# then the pool's codes in `dose config list --branches` order), Down to EE, Enter.
dose config list --branches >"$art/branches.txt"
ee_line=$(awk '$1 == "EE" {print NR; exit}' "$art/branches.txt")
[ -n "$ee_line" ] || fail "the sample pack has no branch EE"
window=$(xdotool search --name "^Daily Dose$" | head -1)
xdotool mousemove --window "$window" 200 200  # no window manager: the keyboard follows the pointer
expect "Tab reaches the branch row" focus_on "combo box" "Branch"
xdotool key Return
sleep 0.5
for _ in $(seq $(( ee_line + 1 ))); do xdotool key Down; sleep 0.2; done
xdotool key Return
sleep 1  # the list's popover closes with an animation; until then it has the keyboard
atspi click "Show today's dose"
expect "the branch picked there is EE" wait_for 10 bash -c "'$DOSE_BIN/dose' config get branch 2>/dev/null | grep -qx EE"
expect "Done records background work on" wait_for 15 grep -qx on "$choice"
expect "the welcome page is gone" atspi gone "Welcome to Daily Dose" 15
expect "the app starts one dose daemon" wait_for 15 has_daemon
daemon=$(daemon_instances)
expect "only one" test "$(echo "$daemon" | wc -w)" -eq 1
expect "started by the app" test "$(ps -o ppid= -p "$daemon" | tr -d ' ')" = "$app_pid"

# The Learn view: ticking by keyboard (search, Tab to the topic's check box, Space), as app-syllabus does.
app_action learn
expect "the Learn page shows the syllabus" atspi wait "Year 1" 15
tick() { # tick SEARCH SUBJECT TOPIC
    tick_in_window "$@"
    expect "$3 is ticked" wait_for 10 bash -c "'$DOSE_BIN/dose' learn list | grep -qF '$2 — $3'"
}
tick "sampling theorem" "Signals and Systems" "$failing"
expect "$failing is asked and fails, no command typed" wait_for 30 asked_at_least "$failing" 1
expect "its failure is its own" wait_for 10 failures_are "$failing" 1
log "$failing failed once; next try in $(learn_next_in "$failing") s"
started=$(date +%s)
tick "taylor" "Engineering Mathematics I" "Taylor and Maclaurin series"
tick "circuit analysis with laplace" "Network Analysis" "Circuit analysis with Laplace transforms"
ticked=$(date +%s)
atspi set-text "Search topics" ""

# The good two arrive before the failing one's own next try (its first step, 60 s ± 10 %): nothing held them.
wait_for 90 both_ready || { dose learn list >"$art/learn-list.txt"; fail "the two good topics get deck and quiz"; }
done_at=$(date +%s)
log "the good two ready $(( done_at - started )) s after the first of their ticks ($(( done_at - ticked )) s after the last)"
dose learn list >"$art/list-ready.txt"
dose learn list --json >"$art/list-ready.json"
expect "meanwhile $failing was asked once only" test "$(provider_asked "$failing")" -eq 1
expect "and its next try is still ahead" test "$(learn_next_in "$failing")" != none -a "$(learn_next_in "$failing")" -gt 0
for entry in "${good[@]}"; do
    for kind in deck quiz; do
        expect "${entry#*|}: one $kind request, answered ok" test "$(provider_asked "${entry#*|}" "$kind" ok)" -eq 1
    done
done
expect "$failing is pending with its own next try" grep -q "^\[pending\] Signals and Systems — $failing (1 attempt; next try " "$art/list-ready.txt"
expect "no line says every topic waits" bash -c "! grep -q 'Every topic waits' '$art/list-ready.txt'"
expect "no hold of every topic in the JSON" test "$(learn_field "$failing" queue)" = null
ready_rows() { atspi dump | grep -cE $'^label\tready · [0-9]+ to study of [0-9]+ cards\t' || true; }
ready_rows_are() { test "$(ready_rows)" -eq "$1"; }
expect "the window's rows say ready for the two" wait_for 15 ready_rows_are 2
atspi dump >"$art/tree-learn.txt"
app_screenshot "$art/learn.png"

# It goes on at its own pace: asked again at its own next try, into its second step; the others are left alone.
expect "$failing is asked again at its own next try" wait_for 90 asked_at_least "$failing" 2
expect "its second failure is its second step" wait_for 10 failures_are "$failing" 2
wait_in=$(learn_next_in "$failing")
log "$failing failed twice; next try in $wait_in s"
expect "its next try is its second step (more than 66 s, at most 132 s away)" \
    test "$wait_in" != none -a "$wait_in" -gt 66 -a "$wait_in" -le 132
expect "both of its requests were decks answered 500" test "$(provider_asked "$failing" deck 500)" -eq 2
for entry in "${good[@]}"; do expect "${entry#*|} was asked nothing more" test "$(provider_asked "${entry#*|}")" -eq 2; done

# The week goes on without the window: the app and its daemon end, the store stays as they left it.
stop_child "$app_pid"
for pid in $(daemon_instances); do kill "$pid" 2>/dev/null || true; done
expect "the daemon ends" wait_for 15 no_daemon

# Tomorrow's notification: the line counts what the student studies at its instant, in a copy of the home with
# the clock there (each ticked topic's `dose learn study`, every card graded Easy, until its session ends).
tomorrow=$(day_after "$(clock_date +%F)" 1)
fire_at=$("$DOSE_BIN/dose-notify" --dry-run --date "$tomorrow" --json | /usr/bin/python3 -c 'import json, sys, datetime
print(int(datetime.datetime.fromisoformat(json.loads(sys.stdin.readline())["fireAt"]).timestamp()))')
copy="$work/oracle"
mkdir -p "$copy"
cp -a "$XDG_DATA_HOME" "$copy/data" && cp -a "$XDG_STATE_HOME" "$copy/state" && cp -a "$XDG_CONFIG_HOME" "$copy/config"
offset=$(( ${DOSE_TEST_CLOCK_OFFSET:-0} + fire_at - $(clock_now) ))
cards=0 topics=0
for entry in "${good[@]}" "Signals and Systems|$failing"; do
    out=$(printf '4\n%.0s' $(seq 200) | XDG_DATA_HOME="$copy/data" XDG_STATE_HOME="$copy/state" XDG_CONFIG_HOME="$copy/config" \
        DOSE_TEST_CLOCK_OFFSET=$offset "$DOSE_BIN/dose" learn study "${entry%%|*}" "${entry#*|}" 2>&1 || true)
    n=$(sed -n 's/^Graded \([0-9]*\) cards\{0,1\}, saved\..*/\1/p' <<<"$out")
    n=${n:-0}
    log "${entry#*|} at $(date -d "@$fire_at" '+%F %H:%M'): $n cards studied"
    cards=$(( cards + n ))
    [ "$n" -gt 0 ] && topics=$(( topics + 1 ))
done
expect "cards are due tomorrow, in the two good topics" test "$cards" -gt 0 -a "$topics" -eq 2
"$DOSE_BIN/dose-notify" --dry-run --date "$tomorrow" >"$art/dry-tomorrow.txt"
expect "tomorrow's notification says \"$cards flashcards due in $topics topics\"" \
    grep -qxE "[[:space:]]*$cards flashcards due in $topics topics" "$art/dry-tomorrow.txt"
log "PASS"
