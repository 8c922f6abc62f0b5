#!/usr/bin/env bash
# The morning notification in the user's language (issue 13): `dose-notify fire` started with LANGUAGE=de
# sends a Notify call whose summary is German ("… des Tages") and whose button is "Öffnen", prints German,
# and still withholds a question's answer ("Frage des Tages" alone); under C the same call is English again
# ("… of the day", "Open").
needs_session_bus=1
every_date=1
source "$(dirname "$0")/lib.sh"

desktop_up
dunst_up
dose import "$DOSE_ROOT/content/sample-pack.json"

# The Notify call's actions array, as dbus-monitor prints it (after the body, before the hints).
last_notify_actions() {
    awk '/member=Notify$/ { block = "" ; at = 1; next } at && /^method (call|return)|^signal/ { at = 0 } at { block = block "\n" $0 }
        END { print block }' "$art/dbus-monitor.txt" | sed -n '/array \[/,/\]/p' | sed -n '1,6p'
}

fire_in() { # fire_in LOG ENV... [--id ID]: one fire, bounded, its output kept
    local output=$1; shift
    local status=0
    local settings=()
    while [ $# -gt 0 ] && [ "$1" != --id ]; do settings+=("$1"); shift; done
    env "${settings[@]}" timeout 30 "$DOSE_BIN/dose-notify" fire --wait 2 "$@" >"$art/$output" 2>&1 || status=$?
    expect "fire (${settings[*]} $*) ended by itself, status 0" test "$status" -eq 0
}

fire_in fire-de.log LANGUAGE=de
expect "one Notify" test "$(notify_count)" -eq 1
last_notify_copy >"$art/copy-de.txt"
last_notify_actions >"$art/actions-de.txt"
expect "the German summary names the kind of the day" grep -Eq '^(Fakt|Formel|Frage) des Tages' "$art/copy-de.txt"
expect "the button is labelled Öffnen" grep -q 'string "Öffnen"' "$art/actions-de.txt"
expect "fire says Angezeigt in German" grep -q '^Angezeigt: die Dosis vom ' "$art/fire-de.log"
expect "the bound is logged in German" grep -q 'kein Klick innerhalb von 2 s' "$art/fire-de.log"

# A question, named by its id: "Frage des Tages", and neither its answer nor the id's words in the copy.
question=$(python3 -c 'import json, sys; print(next(i["id"] for i in json.load(open(sys.argv[1]))["items"] if i["kind"] == "question"))' \
    "$DOSE_ROOT/content/sample-pack.json")
answer=$(dose show "$question" --json | python3 -c 'import json, sys; print(json.load(sys.stdin)["answer"])')
fire_in fire-question-de.log LANGUAGE=de --id "$question"
expect "a second Notify" test "$(notify_count)" -eq 2
last_notify_copy >"$art/copy-question-de.txt"
expect "the question's summary is Frage des Tages alone" test "$(sed -n 1p "$art/copy-question-de.txt")" = "Frage des Tages"
expect "the German notification withholds the answer ($answer)" bash -c '! grep -qiF -- "$1" "$2"' _ "$answer" "$art/copy-question-de.txt"
expect "fire names the id it was given" grep -qF "Angezeigt: $question" "$art/fire-question-de.log"

fire_in fire-c.log -u LANGUAGE LC_ALL=C.UTF-8
expect "a third Notify" test "$(notify_count)" -eq 3
last_notify_copy >"$art/copy-c.txt"
last_notify_actions >"$art/actions-c.txt"
expect "under C the summary is English" grep -Eq '^(Fact|Formula|Question) of the day' "$art/copy-c.txt"
expect "under C the button is Open" grep -q 'string "Open"' "$art/actions-c.txt"
expect "under C fire says Shown" grep -q '^Shown: the dose of ' "$art/fire-c.log"
expect "the body is the same content in both" test "$(sed -n 2p "$art/copy-de.txt")" = "$(sed -n 2p "$art/copy-c.txt")"
log "done"
