#!/usr/bin/env bash
# A topic's quiz in the app, read and answered through AT-SPI as a screen reader user would: a topic made
# ready with the CLI (`dose learn tick` + `dose learn run` against the loopback fake provider), opened by
# `app.quiz` in another spelling, one answer right and one wrong (a choice button's name is its choice in
# plain text, the page's text is the web view's description), one by the keyboard, feedback with the
# explanation, Finish: the score over answered questions, the miss under review, Retry missed, the score
# history in the app and in `dose learn quiz --history`; a second attempt shows the choices in another order.
# Closed in the middle (Ctrl+W after every answer, the window's close button after two, a terminal hung up
# after one), each sitting keeps its answers in the history.
needs_app_bus=1
source "$(dirname "$0")/lib.sh"
app_up
dose import "$DOSE_ROOT/content/sample-pack.json" >/dev/null

# The fake provider's quiz (maths-ok): question i is "Chain rule $\alpha_1$: question i?", its choices
# "choice A of i" … "choice D of i", the right one is letter (i-1) % 4, the explanation "Because (i-1)%4 is right.".
provider_up '{"default": "maths-ok"}'
dose learn tick Calculus "Chain rule" >/dev/null
dose learn run >"$art/learn-run.txt" 2>&1 || fail "dose learn run failed: $(cat "$art/learn-run.txt")"
topic_ready() { dose learn list | grep -q 'Chain rule'; }
expect "the topic is ready" topic_ready
dose learn quiz Calculus "Chain rule" >/dev/null || fail "no quiz stored"

choices() { atspi dump | awk -F'\t' '$1 == "push button" && $2 ~ /^[A-D]: / { print $2 }'; }
# The button whose choice is $1 ("B: choice A of 1").
button_for() { choices | grep -x "[A-D]: $1" | head -1; }
page_text() { atspi dump | awk -F'\t' '$1 == "filler" && $2 == "Quiz question" { print $3 }'; }
page_says() { page_text | grep -qF -- "$1"; }
# The app's processes (its own and its WebKit helpers, found by this scenario's HOME) and their summed RSS, for the log.
app_footprint() {
    local pid count=0 kib=0
    for pid in $(pgrep -f 'daily-dose|WebKit(Web|Network)Process' || true); do
        tr '\0' '\n' <"/proc/$pid/environ" 2>/dev/null | grep -qx "HOME=$HOME" || continue
        count=$((count + 1))
        kib=$((kib + $(awk '/^VmRSS/ { print $2 }' "/proc/$pid/status" 2>/dev/null || echo 0)))
    done
    echo "$count processes, $((kib / 1024)) MiB RSS"
}

export DOSE_QUIZ_SEED=1
app_start
log "the card alone: $(app_footprint)"
# The topic in another spelling: the app finds the stored one (subjects and topics fold case and spaces).
app_action quiz 'calculus\u001fchain RULE'
expect "app.quiz opens the quiz" atspi wait "Quiz: Calculus — Chain rule" 20
expect "progress" atspi wait "Question 1 of 6" 10
sleep 1
log "with the quiz on: $(app_footprint)"
expect "the page's text is plain (α₁, not LaTeX)" page_says "Chain rule α₁: question 1?"
first_order=$(choices)
log "first attempt, question 1: $(echo $first_order)"
[ "$(echo "$first_order" | wc -l)" = 4 ] || fail "four choice buttons, not: $first_order"

# Question 1 right.
right=$(button_for "choice A of 1")
atspi click "$right"
expect "feedback: right" atspi wait "Right." 10
expect "the explanation is read out" page_says "Right. Because 0 is right."
atspi click Next
expect "question 2" atspi wait "Question 2 of 6" 10

# Question 2 wrong: the feedback names the right letter.
right=$(button_for "choice B of 2")
wrong=$(choices | grep -vx "$right" | head -1)
atspi click "$wrong"
expect "feedback: the right letter" atspi wait "Not quite: the answer is ${right:0:1}." 10
expect "the explanation after a miss" page_says "Because 1 is right."
sleep 0.5
app_screenshot "$art/feedback.png"
atspi click Next
expect "question 3" atspi wait "Question 3 of 6" 10

# Question 3 by the keyboard: 1 answers with A (no window manager: the keyboard follows the pointer).
a_choice=$(choices | grep "^A: ")
window=$(xdotool search --name "^Daily Dose$" | head -1)
xdotool mousemove --window "$window" 300 300
answered_by_key() { atspi dump | grep -qE "^label	(Right\.|Not quite: the answer is [A-D]\.)	"; }
for _ in 1 2 3; do
    xdotool key 1
    wait_for 3 answered_by_key && break
done
expect "key 1 answers with A" answered_by_key
if [ "$a_choice" = "A: choice C of 3" ]; then third=1; expect "A was right" atspi wait "Right." 5
else third=0; expect "A was wrong" atspi wait "Not quite: the answer is $(button_for 'choice C of 3' | cut -c1)." 5; fi
correct=$((1 + third))
missed=$((2 - third))

# Finish: the score over the three answered, the misses reviewed, the history.
atspi click Finish
expect "the score over answered questions only" atspi wait "Score: $correct of 3 answered right (3 of 6 not asked)" 10
sleep 0.5
app_screenshot "$art/end.png"
expect "the miss under review" page_says "Missed ($missed)\\n2. Chain rule α₁: question 2?\\nYou answered: ${wrong:3}\\nRight: choice B of 2\\nBecause 1 is right."
history_line=$(atspi dump | awk -F'\t' '$1 == "label" && $2 ~ / at [0-9:]+: [0-9]+ of 3 right \(3 of 6 not asked\)$/ { print $2 }')
expect "the score history lists the attempt in words" test -n "$history_line"
log "history: $history_line"
history_has() { dose learn quiz Calculus "Chain rule" --history | grep -qxF -- "$1"; }
expect "dose learn quiz --history shows it too" history_has "$history_line"

# Retry missed: only the misses, and the history keeps the first round only.
atspi click "Retry missed"
expect "a round of the misses" atspi wait "Retry: question 1 of $missed" 10
expect "it asks question 2 again" page_says "Chain rule α₁: question 2?"
atspi click "$(button_for 'choice B of 2')"
expect "right this time" atspi wait "Right." 10
atspi click Next
if [ "$missed" = 2 ]; then
    expect "then question 3" atspi wait "Retry: question 2 of 2" 10
    atspi click "$(button_for 'choice C of 3')"
    expect "right too" atspi wait "Right." 10
    atspi click Next
fi
# The end page's score label has the first round's line, then the retry's.
shows_text() { atspi dump | grep -qF -- "$1"; }
expect "the retry's count under the first round's score" wait_for 10 shows_text "Score: $correct of 3 answered right (3 of 6 not asked)
Retry: $missed of $missed right."
expect "one score in the history" test "$(dose learn quiz Calculus 'Chain rule' --history | grep -c ' right')" = 1

# Back: the window's pages again; a second attempt draws another order.
atspi click Back
expect "Back leaves the quiz" atspi gone "Quiz: Calculus — Chain rule" 10
expect "the dose is back" atspi wait "Dose" 10
# As the manual page gives it: gapplication, the parameter in GVariant's text form.
gapplication action net.dailydose.DailyDose quiz "'Calculus\u001fChain rule'"
expect "the quiz again" atspi wait "Question 1 of 6" 20
second_order=$(choices)
log "second attempt, question 1: $(echo $second_order)"
expect "the choices come in another order on another attempt" test "$first_order" != "$second_order"
expect "with the same four choices" test "$(cut -c4- <<<"$first_order" | sort)" = "$(cut -c4- <<<"$second_order" | sort)"

# 360 px wide (a phone's width): the page fits, the choices and Finish still show.
mkdir -p "$screenshots"
sleep 0.5
app_screenshot "$screenshots/quiz.png"
xdotool windowsize "$window" 360 720
sleep 1
width=$(xdotool getwindowgeometry "$window" | sed -n 's/.*Geometry: \([0-9]*\)x.*/\1/p')
expect "the window is 360 px wide with the quiz on (got $width)" test "$width" -le 380
expect "the choices still show at 360 px" test "$(choices | wc -l)" = 4
expect "Finish still shows at 360 px" atspi wait Finish 5
app_screenshot "$screenshots/quiz-narrow.png"

# Escape leaves too, and a sitting left unanswered adds no score.
xdotool mousemove --window "$window" 300 300
for _ in 1 2 3; do
    xdotool key Escape
    atspi gone "Question 1 of 6" 3 2>/dev/null && break
done
expect "Escape leaves the quiz" atspi gone "Question 1 of 6" 5
expect "still one score" test "$(dose learn quiz Calculus 'Chain rule' --history | grep -c ' right')" = 1

# A dose asked for while a quiz is on (a notification's click, Alt+Home) is shown, not hidden behind it.
app_action quiz 'Calculus\u001fChain rule'
expect "the quiz once more" atspi wait "Question 1 of 6" 20
app_action today
expect "app.today leaves the quiz" atspi gone "Question 1 of 6" 10
expect "and shows the dose" atspi wait "Dose" 10
sleep 1
log "after four quizzes, the last one left: $(app_footprint)"

# Closed in the middle (issue 19): every answer given is in the history though no end page came. First all six
# answered right, the last feedback still on show, then Ctrl+W (the window closes and the process ends).
scores() { dose learn quiz Calculus "Chain rule" --history | grep ' right' || true; }
scored_count() { [ "$(scores | wc -l)" = "$1" ]; }
last_score_says() { scores | tail -1 | grep -qE -- "$1"; }
before=$(scores | wc -l)
app_action quiz 'Calculus\u001fChain rule'
expect "the quiz to close with Ctrl+W" atspi wait "Question 1 of 6" 20
answer_right() { # answer_right N: question N of 6, answered with its right choice ("choice A of 1", "choice B of 2" …)
    local letters=(A B C D)
    atspi click "$(button_for "choice ${letters[$((($1 - 1) % 4))]} of $1")"
    expect "question $1 answered right" atspi wait "Right." 10
}
for question in 1 2 3 4 5 6; do
    if [ "$question" -gt 1 ]; then
        atspi click Next
        expect "question $question" atspi wait "Question $question of 6" 10
    fi
    answer_right "$question"
done
xdotool mousemove --window "$window" 100 100
app_gone() { ! bus_has_owner "$app_id"; }
for _ in 1 2 3; do
    xdotool key ctrl+w
    wait_for 5 app_gone && break
done
expect "Ctrl+W closes the window and ends the app" app_gone
expect "the six answers are in the history" wait_for 5 scored_count $((before + 1))
expect "scored 6 of 6" last_score_says ': 6 of 6 right$'
log "after Ctrl+W: $(scores | tail -1)"

# Two answered, the third on show, then the window's own close button: the two count, the rest were not asked.
app_start
app_action quiz 'Calculus\u001fChain rule'
expect "the quiz to close with its button" atspi wait "Question 1 of 6" 20
answer_right 1
atspi click Next
expect "question 2" atspi wait "Question 2 of 6" 10
answer_right 2
atspi click Next
expect "question 3" atspi wait "Question 3 of 6" 10
atspi dump >"$art/tree-close-button.txt"
atspi click Close "push button"
expect "the close button ends the app" wait_for 15 app_gone
expect "the two answers are in the history" wait_for 5 scored_count $((before + 2))
expect "scored 2 of 2, 4 not asked" last_score_says ': 2 of 2 right \(4 of 6 not asked\)$'

# The terminal keeps the same rule: `dose learn quiz --interactive` writes each answer as it is given, so a
# terminal closed after one answer (SIGHUP) has it in the history, as q or Ctrl-D would.
mkfifo "$work/quiz-in"
dose learn quiz Calculus "Chain rule" --interactive <"$work/quiz-in" >"$art/quiz-terminal.txt" 2>&1 &
quiz_pid=$!
bg_pids+=($quiz_pid)
exec 8>"$work/quiz-in"
printf 'A\n' >&8
expect "the terminal's answer is in the history while it waits for the next" wait_for 10 scored_count $((before + 3))
stop_child "$quiz_pid" HUP
exec 8>&-
expect "and stays there when the terminal closes" scored_count $((before + 3))
expect "scored over the one answer" last_score_says ': [01] of 1 right \(5 of 6 not asked\)$'
log "PASS"
