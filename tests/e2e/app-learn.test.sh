#!/usr/bin/env bash
# The Learn view against the real store, CLI and provider path: a topic added and ticked in the window through
# AT-SPI is pending in `dose learn list`; ticking it again in another spelling ("calculus"/"chain rule") finds
# it (one topic, no second request); `dose learn run` with a loopback provider makes it ready, and the window
# shows that without a click (it watches the store); Study opens its deck, Reveal shows the back, Good grades it
# (and `dose learn due` says one new card fewer); the keyboard reveals (Space), grades (3) and undoes (Ctrl+Z);
# a failed topic's Retry now makes it due at once, as `dose learn retry` does; a tick in the terminal and a request
# in flight (generating) show without a click; search; no CPU while idle; 360 px; app.study by D-Bus.
needs_app_bus=1
source "$(dirname "$0")/lib.sh"
app_up
# Background work is systemd's here (a stand-in that runs nothing): the app starts no daemon of its own, and this
# scenario runs the queue itself (`dose learn run`), step by step. app-background.test.sh has the app run it.
fake_systemd_up dose-notify.service=disabled dose-daemon.service=disabled
# The list as typed topics make it: the sample pack without its syllabus (app-syllabus.test.sh has the syllabus's).
/usr/bin/python3 -c 'import json, sys; pack = json.load(open(sys.argv[1])); pack.pop("syllabus"); json.dump(pack, open(sys.argv[2], "w"))' \
    "$DOSE_ROOT/content/sample-pack.json" "$work/no-syllabus.json"
dose import "$work/no-syllabus.json" >/dev/null

# Decks whose texts carry $…$ maths: KaTeX on the page, plain text for a screen reader.
provider_up '{"default": "maths-ok"}'
requests() { grep -c "\"kind\": \"$1\"" "$work/requests.log" 2>/dev/null || true; }
tree_has() { atspi dump | grep -Eq "$1"; }
due_json() { dose learn due --json; }
new_count() { due_json | /usr/bin/python3 -c 'import json, sys; print(json.load(sys.stdin)["new"])'; }
new_is() { test "$(new_count)" -eq "$1"; }

app_start
app_action learn
expect "the Learn page shows" atspi wait "Add and tick" 10
expect "an empty list says what to do" atspi wait "No topics yet: add a subject and a topic a course has covered." 10

# Add and tick in the window: pending for the CLI.
atspi set-text "Subject" "Calculus"
atspi set-text "Topic" "Chain rule"
atspi click "Add and tick"
expect "dose learn list shows it pending" wait_for 10 bash -c "'$DOSE_BIN/dose' learn list | grep -qx '\[pending\] Calculus — Chain rule'"
expect "the window lists it, ticked" atspi wait "Calculus — Chain rule" 10
expect "with its state in words" wait_for 10 tree_has $'^label\tpending\t'

# Another spelling: found, said so, nothing new queued.
atspi set-text "Subject" "calculus"
atspi set-text "Topic" "chain rule"
atspi click "Add and tick"
expect "the window says it is on the list already" \
    atspi wait "“calculus — chain rule” is already on your list as “Calculus — Chain rule”." 10
expect "still one topic in dose learn list" test "$(dose learn list | wc -l)" -eq 1

# The loopback provider answers (a foreground run, as the daemon would): ready in the window, no click.
dose learn run >"$art/learn-run.txt" 2>&1
expect "the provider was asked once for the deck" test "$(requests deck)" -eq 1
expect "and once for the quiz" test "$(requests quiz)" -eq 1
ready_shown() { tree_has $'^label\tready · 10 to study of 10 cards\t'; }
wait_for 15 ready_shown || { atspi dump >"$art/tree-not-ready.txt"; fail "the window shows it ready without a click"; }
log "ok: the window shows it ready without a click"
# The line that said the tick was pending follows it to ready (issue 21: "will be generated" stayed beside it).
expect "the message line says it is ready" atspi wait "Calculus — Chain rule is ready: its deck and quiz are made." 10
atspi dump >"$art/tree-ready.txt"
expect "a ready topic offers its quiz (app.quiz)" tree_has $'^push button\tQuiz on Calculus — Chain rule\t'

# A quiz opened from the Learn page: Back returns there, not to the card (issue 21).
atspi click "Quiz on Calculus — Chain rule"
expect "the Learn page's Quiz opens the quiz" atspi wait "Quiz: Calculus — Chain rule" 20
atspi click Back
expect "Back leaves the quiz" atspi gone "Quiz: Calculus — Chain rule" 10
expect "and returns to the Learn page it was opened from" atspi wait "Add and tick" 10
# The day buttons are the card's page's alone (app-chrome): their absence says the card is not what shows.
expect "not to the card" atspi gone "Previous day" 5

# Study: one card, Reveal, Good.
expect "dose learn due counts 10 new" test "$(new_count)" -eq 10
atspi click "Study Calculus — Chain rule"
card_says() { atspi dump | grep -P "^filler\tCard\t" | grep -qF "$1"; }
expect "the Study page shows the first card's front" wait_for 10 card_says "Chain rule dy/dx = x²: question 1?"
expect "and the progress" atspi wait "1 of 10" 5
expect "the back is not shown yet" eval '! card_says "Answer 1 about"'
atspi click "Reveal"
expect "Reveal shows the back" wait_for 10 card_says "Answer 1 about Chain rule dy/dx = x²."
atspi dump >"$art/tree-revealed.txt"
expect "the description is plain text, no LaTeX" bash -c "! grep -P '^filler\tCard\t' '$art/tree-revealed.txt' | grep -qE '[$]|frac'"
app_screenshot "$art/study-revealed.png"
atspi click "Good"
expect "Good is saved: one new card fewer in dose learn due" wait_for 10 new_is 9
expect "the next card shows" wait_for 10 card_says "Chain rule dy/dx = x²: question 2?"
expect "progress moves on" tree_has $'^label\t2 of '

# The keyboard: Space reveals, 3 grades Good, Ctrl+Z takes it back.
window=$(xdotool search --name "^Daily Dose$" | head -1)
xdotool mousemove --window "$window" 200 200  # no window manager: the keyboard follows the pointer
xdotool key space
expect "Space reveals" wait_for 10 card_says "Answer 2 about Chain rule dy/dx = x²."
xdotool key 3
expect "3 grades Good" wait_for 10 new_is 8
xdotool key ctrl+z
expect "Ctrl+Z takes the grade back" wait_for 10 new_is 9
xdotool key Escape
expect "Escape goes back to the list" atspi wait "Add and tick" 10
expect "whose counts follow" wait_for 10 tree_has $'^label\tready · 9 to study of 10 cards\t'

# Retry now: a topic whose first request failed waits for its backoff; Retry now makes it due at once.
echo '{"default": "ok", "rules": [{"kind": "deck", "topic": "Limits", "responses": ["500"]}]}' >"$work/script.json"
atspi set-text "Subject" "Calculus"
atspi set-text "Topic" "Limits"
atspi click "Add and tick"
expect "Limits is pending" wait_for 10 bash -c "'$DOSE_BIN/dose' learn list | grep -q '^\[pending\] Calculus — Limits'"
dose learn run >"$art/learn-run-2.txt" 2>&1 || true
next_try() { dose learn list --json | /usr/bin/python3 -c 'import json, sys
for line in sys.stdin:
    t = json.loads(line)
    if t["topic"] == "Limits": print(t["nextAttemptAt"])'; }
expect "the failure set a next try" test "$(next_try)" != None
expect "the window shows the attempt" wait_for 15 tree_has $'^label\tpending · 1 attempt · next try '
atspi click "Retry Calculus — Limits now"
retried() { test "$(next_try)" = None; }
expect "Retry now makes it due at once" wait_for 10 retried
expect "the window says so" atspi wait "Retrying Calculus — Limits now." 10

# Unticking asks nothing and can be undone by ticking again; by keyboard (GTK 4.8 gives a check button no
# AT-SPI action): Tab to it, Space.
expect "Tab reaches the topic's check box" focus_on "check box" "Calculus — Limits"
xdotool key space
expect "unticked for the CLI" wait_for 10 bash -c "! '$DOSE_BIN/dose' learn list | grep -q 'Calculus — Limits'"
expect "still on show, unticked" atspi wait "not on your list: tick it to add it again" 10
expect "Tab reaches it again" focus_on "check box" "Calculus — Limits"
xdotool key space
expect "ticked again" wait_for 10 bash -c "'$DOSE_BIN/dose' learn list | grep -q 'Calculus — Limits'"

# A tick in the terminal and a request in flight show in the window without a click.
# (The provider counts used responses by rule index: the first rule's one was spent on Limits above.)
echo '{"default": "maths-ok", "rules": [{"kind": "none", "responses": []}, {"kind": "deck", "topic": "Derivatives", "responses": ["hang:4"]}]}' >"$work/script.json"
started=$(date +%s%N)
dose learn tick Calculus Derivatives >/dev/null
expect "a tick in the terminal shows in the window" atspi wait "Calculus — Derivatives" 10
log "the tick showed $(( ($(date +%s%N) - started) / 1000000 )) ms after dose learn tick started (AT-SPI polls every 200 ms)"
dose learn run >"$art/learn-run-3.txt" 2>&1 &
run_pid=$!
expect "a request in flight shows as generating" wait_for 10 tree_has $'^label\tgenerating\t'
wait "$run_pid" || true
expect "then ready" wait_for 15 bash -c "test \$(/usr/bin/python3 '$DOSE_ROOT/tests/support/atspi_driver.py' dump | grep -c $'^label\tready · 10 to study of 10 cards\t') -eq 2"

# Search: case- and accent-insensitive, on the subject or the topic.
atspi set-text "Search topics" "DERIVATIVES"
expect "the search keeps the match" atspi wait "Calculus — Derivatives" 10
expect "and hides the rest" atspi gone "Calculus — Chain rule" 10
atspi set-text "Search topics" ""
expect "an empty search shows all again" atspi wait "Calculus — Chain rule" 10
atspi dump >"$art/tree-after.txt"
app_screenshot "$art/learn.png"

# Idle: no timer, no polling. The app's CPU time over 10 s with the Learn page on show, once the last page
# load and AT-SPI's questions have settled.
cpu_ticks() { awk '{print $14 + $15}' "/proc/$app_pid/stat"; }
sleep 3
before=$(cpu_ticks)
sleep 10
idle=$(( $(cpu_ticks) - before ))
log "CPU while idle: $idle ticks in 10 s (of $(getconf CLK_TCK) a second)"
expect "no CPU while idle (at most 0.05 s in 10 s)" test "$idle" -le $(( $(getconf CLK_TCK) / 20 ))

# At a phone's width (360 px) the list still fits.
xdotool windowsize "$window" 360 640
sleep 1
app_screenshot "$art/learn-360.png"
# app.study by D-Bus, as a launcher would call it: the topic as SUBJECT, U+001F, TOPIC.
app_action study $'Calculus\x1fChain rule'
expect "app.study opens the topic's deck" wait_for 10 card_says "Chain rule dy/dx = x²: question"
expect "the list is hidden meanwhile" atspi gone "Add and tick" 5
app_screenshot "$art/study-360.png"
app_action study "Calculus"
expect "a parameter that names no topic opens the list" atspi wait "Add and tick" 10
log "PASS"
