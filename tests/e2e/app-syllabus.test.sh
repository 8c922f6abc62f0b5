#!/usr/bin/env bash
# The Learn view as the syllabus's checklist (issue 20): with the sample pack imported and branch EE configured,
# the window lists EE's syllabus by year and subject (a CS-only subject is not offered); three syllabus topics
# ticked in the window through AT-SPI and the keyboard are in `dose learn list` under the pack's names, and
# `dose learn syllabus` counts them; each ticked row shows its state line, and `dose learn run` with a loopback
# provider makes one ready without a click; unticking asks nothing and the row stays, unticked; a topic typed
# beyond the syllabus is added under "Your own topics"; a branch changed in the config redraws the list.
needs_app_bus=1
source "$(dirname "$0")/lib.sh"
app_up
# Background work is systemd's here (a stand-in that runs nothing), so `dose learn run` below is the only queue.
fake_systemd_up dose-notify.service=disabled dose-daemon.service=disabled
dose import "$DOSE_ROOT/content/sample-pack.json" >/dev/null
dose config set branch EE >/dev/null
provider_up '{"default": "ok"}'
tree_has() { atspi dump | grep -Eq "$1"; }
listed() { dose learn list --json | /usr/bin/python3 -c 'import json, sys
for line in sys.stdin:
    t = json.loads(line)
    print(t["subject"] + " — " + t["topic"])'; }
listed_count_is() { test "$(listed | wc -l)" -eq "$1"; }

app_start
app_action learn
expect "the Learn page shows the syllabus's first year" atspi wait "Year 1" 15
expect "and its second" atspi wait "Year 2" 10
expect "a syllabus topic is a check box named Subject — Topic" \
    tree_has $'^check box\tEngineering Mathematics I — Taylor and Maclaurin series\t'
expect "offered unticked, with its state in words" tree_has $'^label\tnot covered yet: tick it once your course has\t'
no_cs_subject() { ! tree_has $'^check box\tData Structures — '; }
expect "a CS-only subject is not offered to EE" no_cs_subject
atspi dump >"$art/tree-syllabus.txt"
app_screenshot "$art/syllabus.png"

# Ticking by keyboard (lib.sh's tick_in_window).
window=$(xdotool search --name "^Daily Dose$" | head -1)
xdotool mousemove --window "$window" 200 200  # no window manager: the keyboard follows the pointer
tick() { # tick SEARCH SUBJECT TOPIC
    tick_in_window "$@"
    expect "$3 is on the list for the CLI" wait_for 10 bash -c "'$DOSE_BIN/dose' learn list | grep -qxF '[pending] $2 — $3'"
}
tick "taylor" "Engineering Mathematics I" "Taylor and Maclaurin series"
tick "circuit analysis with laplace" "Network Analysis" "Circuit analysis with Laplace transforms"
tick "sampling theorem" "Signals and Systems" "Sampling theorem"
atspi set-text "Search topics" ""
expect "the whole syllabus again" atspi wait "Engineering Mathematics I — Mean value theorems" 10

expect "three topics in dose learn list" listed_count_is 3
listed >"$art/listed.txt"
expect "under the pack's names exactly" diff -u - "$art/listed.txt" <<'NAMES'
Engineering Mathematics I — Taylor and Maclaurin series
Network Analysis — Circuit analysis with Laplace transforms
Signals and Systems — Sampling theorem
NAMES
expect "dose learn syllabus counts them" bash -c "'$DOSE_BIN/dose' learn syllabus | head -1 | grep -qxF 'Syllabus for branch EE: 3 of 96 topics ticked'"
expect "the ticked rows say pending" wait_for 10 tree_has $'^label\tpending\t'

# The loopback provider answers (a foreground run): the rows say ready without a click.
dose learn run >"$art/learn-run.txt" 2>&1
ready_rows() { atspi dump | grep -cE $'^label\tready · [0-9]+ to study of [0-9]+ cards\t' || true; }
ready_rows_are() { test "$(ready_rows)" -eq "$1"; }
expect "the three rows say ready without a click" wait_for 15 ready_rows_are 3
expect "a ready syllabus topic offers Study" tree_has $'^push button\tStudy Signals and Systems — Sampling theorem\t'

# Unticking asks nothing; the row stays, unticked, and the CLI no longer lists it.
atspi set-text "Search topics" "sampling theorem"
expect "Tab reaches Sampling theorem again" focus_on "check box" "Signals and Systems — Sampling theorem"
xdotool key space
expect "unticked for the CLI" wait_for 10 listed_count_is 2
expect "still on show, unticked" atspi wait "not on your list: tick it to add it again" 10
atspi set-text "Search topics" ""

# A topic beyond the syllabus is still typed and ticked, and grouped apart.
atspi set-text "Subject" "Thermodynamics"
atspi set-text "Topic" "Carnot cycle"
atspi click "Add and tick"
expect "the typed topic is on the list" wait_for 10 listed_count_is 3
expect "shown under Your own topics" atspi wait "Your own topics" 10
expect "with its row" atspi wait "Thermodynamics — Carnot cycle" 10

# The branch is the config's: changed there (as Preferences does), the window offers CS's syllabus.
dose config set branch CS >/dev/null
expect "a CS subject is offered after the change" atspi wait "Data Structures — Linked lists" 15
expect "and an EE-only one is gone" atspi gone "Network Analysis — Transient response of RLC circuits" 10
expect "the ticked EE topics stay listed, as the CLI keeps them" atspi wait "Network Analysis — Circuit analysis with Laplace transforms" 5
atspi dump >"$art/tree-after.txt"
app_screenshot "$art/syllabus-cs.png"
log "PASS"
