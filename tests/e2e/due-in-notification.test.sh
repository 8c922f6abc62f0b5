#!/usr/bin/env bash
# The morning knows what is due (issue 20). Three decks stored through the loopback fake provider, four cards of
# one studied today; then the next morning's notification (`dose-notify --dry-run --date`, and `dose-notify fire`
# on dunst with the clock at that morning) says "N flashcards due in T topics", N and T being what the student
# studies that morning: the real `dose learn study` of each topic, in the study queue's order, in a copy of the
# home whose clock is at the notification's instant. Days further ahead, an undo, an untick and a tick move the
# line as they move the store; German under LANGUAGE=de. A malformed, missing or stale due.json (its store moved
# away) leaves the notification without the line, says why in the dry run, and the next dose command writes it
# again. The app's card, started with the clock at that morning, shows the same line with Study. The copy never
# carries a card's back.
needs_app_bus=1
deadline=420
source "$(dirname "$0")/lib.sh"

app_up
dunst_up
dose import "$DOSE_ROOT/content/sample-pack.json" >/dev/null
due_file="$XDG_STATE_HOME/daily-dose/due.json"
today=$(clock_date +%F)
tomorrow=$(day_after "$today" 1)
# The topics in the study queue's order (subject, then topic).
topics=("Calculus|Limits" "Physics|Ohm's law" "Physics|Waves")

notify() { "$DOSE_BIN/dose-notify" "$@"; }
# When DAY's notification fires, in seconds: the dry run's fireAt, the instant the scheduler counts at.
fire_instant() { # fire_instant DAY
    notify --dry-run --date "$1" --json | python3 -c 'import json, sys, datetime
print(int(datetime.datetime.fromisoformat(json.loads(sys.stdin.readline())["fireAt"]).timestamp()))'
}
# The clock seam's offset that puts the programs' now at INSTANT.
offset_for() { echo $(( ${DOSE_TEST_CLOCK_OFFSET:-0} + $1 - $(clock_now) )); }
# The line in English, as the product words it.
line_for() { # line_for CARDS TOPICS
    local cards="$1 flashcards" topics="$2 topics"
    [ "$1" -eq 1 ] && cards="1 flashcard"
    [ "$2" -eq 1 ] && topics="1 topic"
    echo "$cards due in $topics"
}

# What the student studies at INSTANT, as "CARDS TOPICS": in a copy of the whole home with the clock there, every
# ticked topic's `dose learn study`, in the queue's order, each card graded Easy (so none comes back that day) until
# its session ends; a topic counts when it had a card. New cards share the day's limit across topics, as in the queue.
studied_at() { # studied_at INSTANT
    local copy="$work/oracle" offset cards=0 count=0 entry subject topic out n
    rm -rf "$copy" && mkdir -p "$copy"
    cp -a "$XDG_DATA_HOME" "$copy/data" && cp -a "$XDG_STATE_HOME" "$copy/state" && cp -a "$XDG_CONFIG_HOME" "$copy/config"
    offset=$(offset_for "$1")
    dose learn list --json | python3 -c 'import json, sys
for line in sys.stdin: print(json.loads(line)["topic"])' >"$work/ticked"
    for entry in "${topics[@]}"; do
        subject=${entry%%|*} topic=${entry#*|}
        grep -qxF "$topic" "$work/ticked" || continue
        out=$(printf '4\n%.0s' $(seq 200) | XDG_DATA_HOME="$copy/data" XDG_STATE_HOME="$copy/state" XDG_CONFIG_HOME="$copy/config" \
            DOSE_TEST_CLOCK_OFFSET=$offset "$DOSE_BIN/dose" learn study "$subject" "$topic")
        n=$(sed -n 's/^Graded \([0-9]*\) cards\{0,1\}, saved\..*/\1/p' <<<"$out")
        n=${n:-0}
        cards=$(( cards + n ))
        [ "$n" -gt 0 ] && count=$(( count + 1 ))
    done
    echo "$cards $count"
}

# Checks DAY's dry run against what is studied at its instant: the text's line, and --json's due counts.
check_day() { # check_day DAY WHAT
    local instant expected json
    instant=$(fire_instant "$1")
    read -r cards count <<<"$(studied_at "$instant")"
    notify --dry-run --date "$1" >"$art/dry-$1-$2.txt"
    json=$(notify --dry-run --date "$1" --json)
    log "$1 ($2): $cards cards in $count topics studied at $(date -d "@$instant" '+%F %H:%M'); dry run: $(grep -i flashcard "$art/dry-$1-$2.txt" || echo none)"
    if [ "$cards" -gt 0 ]; then
        expected=$(line_for "$cards" "$count")
        expect "$1 ($2): the dry run says \"$expected\"" grep -qxE "[[:space:]]*$expected" "$art/dry-$1-$2.txt"
    else
        expect "$1 ($2): no line when nothing is due" bash -c '! grep -q "flashcards\? due" "$1"' _ "$art/dry-$1-$2.txt"
    fi
    expect "$1 ($2): --json's due is {cards: $cards, topics: $count}" test "$(python3 -c 'import json, sys
d = json.loads(sys.argv[1])["due"]; print(d["cards"], d["topics"])' "$json")" = "$cards $count"
}

# Before any deck: no file, no line, and the dry run says why.
notify --dry-run --date "$tomorrow" >"$art/dry-before.txt"
expect "no deck yet: no due summary" test ! -e "$due_file"
expect "no deck yet: the dry run says the due summary does not exist" \
    grep -qF "(no line of due flashcards: $due_file does not exist" "$art/dry-before.txt"

provider_up '{"default": "ok"}'
for entry in "${topics[@]}"; do dose learn tick "${entry%%|*}" "${entry#*|}" >/dev/null; done
expect "the queue stores three decks" dose learn run
expect "a deck stored writes due.json" test -s "$due_file"
for word in Limits Waves "question 1" "Answer 1"; do
    expect "due.json holds no topic or card text ($word)" bash -c '! grep -qF "$1" "$2"' _ "$word" "$due_file"
done

# Today: four cards of Limits (Good, Good, Again, Easy): learning cards falling due after the file is written, new
# cards counted against today's limit; tomorrow the limit is whole again.
cp "$due_file" "$work/due-before-study"
printf '3\n3\n1\n4\nq\n' | dose learn study Calculus Limits >"$art/study.txt"
expect "grades rewrite due.json" bash -c '! cmp -s "$1" "$2"' _ "$work/due-before-study" "$due_file"
check_day "$tomorrow" studied
read -r cards count <<<"$(studied_at "$(fire_instant "$tomorrow")")"
expect "tomorrow: three learning cards and twenty new ones in the three topics" test "$cards $count" = "23 3"
check_day "$(day_after "$today" 2)" studied
check_day "$(day_after "$today" 12)" studied

# The copy in German, through the scheduler's catalogue.
LANGUAGE=de notify --dry-run --date "$tomorrow" >"$art/dry-de.txt"
expect "German: \"23 Lernkarten fällig in 3 Themen\"" grep -qxE "[[:space:]]*23 Lernkarten fällig in 3 Themen" "$art/dry-de.txt"

# A real notification, on dunst, with the clock at tomorrow's notification: the line is in the body.
morning=$(offset_for "$(fire_instant "$tomorrow")")
DOSE_TEST_CLOCK_OFFSET=$morning timeout 30 "$DOSE_BIN/dose-notify" fire --wait 1 >"$art/fire.log" 2>&1 \
    || fail "fire: $(cat "$art/fire.log")"
expect "one Notify" wait_for 10 notified_exactly 1
expect "the Notify body carries \"23 flashcards due in 3 topics\"" grep -qF "23 flashcards due in 3 topics" "$art/dbus-monitor.txt"
expect "the Notify carries no card's back" bash -c '! grep -qF "Answer " "$1"' _ "$art/dbus-monitor.txt"

# Every change of review state moves the file and the line: an undo, an untick, a tick again.
cp "$due_file" "$work/due-before-undo"
printf 'u\nu\nq\n' | dose learn study Calculus Limits >"$art/undo.txt"
expect "two undos took the Easy and the Again back" test "$(grep -c "Took back" "$art/undo.txt")" -eq 2
expect "an undo rewrites due.json" bash -c '! cmp -s "$1" "$2"' _ "$work/due-before-undo" "$due_file"
check_day "$tomorrow" undone
expect "after the undos: two learning cards and twenty new ones" test "$cards $count" = "22 3"
dose learn untick Physics Waves >/dev/null
check_day "$tomorrow" unticked
dose learn tick Physics Waves >/dev/null
check_day "$tomorrow" ticked-again

# A malformed file: the notification goes out without the line, the dry run says why, `dose learn due` mends it.
printf '{"format":"daily-dose-due/1","newPerDay":"many"}\n' >"$due_file"
notify --dry-run --date "$tomorrow" >"$art/dry-malformed.txt" 2>"$art/dry-malformed.err"
expect "malformed: the dry run succeeds without the line" bash -c '! grep -q "flashcards due" "$1"' _ "$art/dry-malformed.txt"
expect "malformed: the dry run names the file and the field" grep -qF "(no line of due flashcards: $due_file: due summary field \"newPerDay\"" "$art/dry-malformed.txt"
DOSE_TEST_CLOCK_OFFSET=$morning timeout 30 "$DOSE_BIN/dose-notify" fire --wait 1 >"$art/fire-malformed.log" 2>&1 \
    || fail "fire with a malformed due.json: $(cat "$art/fire-malformed.log")"
expect "malformed: a second Notify" wait_for 10 notified_exactly 2
expect "malformed: the warning names the file" grep -qF "$due_file" "$art/fire-malformed.log"
expect "malformed: the body has no line" test "$(grep -cF "flashcards due in" "$art/dbus-monitor.txt")" -eq 1
dose learn due >/dev/null
check_day "$tomorrow" mended

# A stale file: its store moved away (a reset home), its cards announced nowhere; back, the line is back.
mv "$XDG_DATA_HOME/daily-dose" "$work/data-aside"
notify --dry-run --date "$tomorrow" >"$art/dry-stale.txt"
expect "stale: no line" bash -c '! grep -q "flashcards due" "$1"' _ "$art/dry-stale.txt"
expect "stale: the dry run says the store is no longer there" grep -qF "which is no longer there" "$art/dry-stale.txt"
mv "$work/data-aside" "$XDG_DATA_HOME/daily-dose"

# Missing: no line, said so; the next learning command writes it again.
rm "$due_file"
notify --dry-run --date "$tomorrow" >"$art/dry-missing.txt"
expect "missing: the dry run says so" grep -qF "$due_file does not exist" "$art/dry-missing.txt"
dose learn list >/dev/null
check_day "$tomorrow" rewritten

# The app's card, at tomorrow's notification: the same line, and Study beside it.
line=$(line_for "$cards" "$count")
DOSE_TEST_CLOCK_OFFSET=$(offset_for "$(fire_instant "$tomorrow")") app_start
expect "the app's card says \"$line\"" wait_for 15 bash -c '/usr/bin/python3 "$1" dump | grep -qxF "label	$2	"' _ \
    "$DOSE_ROOT/tests/support/atspi_driver.py" "$line"
atspi dump >"$art/tree-app.txt"
expect "Study beside it" grep -q "^push button	Study	" "$art/tree-app.txt"
expect "the card shows no card's back" bash -c '! grep -qF "Answer " "$1"' _ "$art/tree-app.txt"
log "done"
