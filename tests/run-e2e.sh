#!/usr/bin/env bash
# Runs every end-to-end scenario under tests/e2e/ against the built binaries (the release build that
# ships, from `make release`, unless a directory is given) and prints one closing line "N passed, N failed".
# Scenario names as arguments after the directory run only those: tests/run-e2e.sh .build/release late-bus server-faults
#
# The clock: every scenario runs on a fixed date, never the day and hour CI happens to run, through the programs'
# test seam (DOSE_TEST_CLOCK_OFFSET, Sources/DoseSystem/WallClock.swift): each date's offset puts "now" at
# 12:00 UTC of that date when the run starts, and it advances in real time from there. Those marked
# `every_date=1` (today's dose, the card, the calendar, the notification's copy) run on all three dates below;
# those marked `own_clock=1` set the clock themselves (libfaketime) and run once without the seam; the rest
# run once, on the first date.
# Bounds: each run gets a deadline (`deadline=SECONDS` in the scenario, else $default_deadline); past it the
# scenario, its process group and every process it started are ended and reaped (tests/support/bounded_run.py),
# and it is a FAIL "timed out after N s".
# Artifacts: artifacts/e2e/LABEL/NAME.log and artifacts/e2e/LABEL/NAME/ (captures, screenshots), LABEL the
# date, or own-clock.
set -uo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
bin=$(cd "${1:-$root/.build/release}" && pwd) || { echo "no binaries at ${1:-$root/.build/release}: make release" >&2; exit 2; }
shift || true
[ -x "$bin/dose" ] && [ -x "$bin/dose-notify" ] || { echo "no dose and dose-notify in $bin: make release" >&2; exit 2; }
# Binaries older than a source would test code that is no longer there. Only the binary that depends on a
# changed module is linked again, so a source counts as unbuilt when it is newer than all three (the app's too).
newest="$bin/dose"
[ "$bin/dose-notify" -nt "$newest" ] && newest="$bin/dose-notify"
[ -x "$bin/daily-dose" ] && [ "$bin/daily-dose" -nt "$newest" ] && newest="$bin/daily-dose"
stale=$(find "$root/Sources" -newer "$newest" -name '*.swift' | head -1)
[ -z "$stale" ] || { echo "$bin is older than $stale: make release first" >&2; exit 2; }

# The three dates, and the kind of dose the bundled sample pack gives on each (checked below). Chosen for the
# hard cases: a fact whose title holds maths and has nothing to reveal, a formula with no explanation (no
# Reveal either), a question with no title whose maths-laden text is cut on the card.
dates=(2026-05-13 2026-07-16 2026-04-30)
kinds=(fact formula question)
default_deadline=600

# A scenario reads the time only through lib.sh (clock_now, clock_date), so that the hour it wants and the day it
# expects come from the seam's clock. Durations may use the real clock ($SECONDS, date +%s%N).
# (Those with own_clock=1 set the clock themselves.)
reads_clock=$(grep -L '^own_clock=1' "$root"/tests/e2e/*.test.sh | xargs grep -nE \
    '(^|[^_[:alnum:]-])date( +(-u +)?\+["'"'"']?%[^sN]| *[)|;]| *$| +-d +["'"'"']?(tomorrow|yesterday|now|today|[-+]))' \
    | grep -v '^[^:]*:[0-9]*: *#' || true)
[ -z "$reads_clock" ] || { printf 'scenarios that read the real clock instead of clock_now/clock_date (tests/e2e/lib.sh):\n%s\n' "$reads_clock" >&2; exit 2; }

artifacts="$root/artifacts/e2e"
rm -rf "$artifacts"
mkdir -p "$artifacts"
export DOSE_BIN="$bin" DOSE_ROOT="$root"

# Each date's offset, from one reading of the real clock; then the product itself says what each date gives: in a
# throw-away home with the sample pack, `dose today` and `dose-notify --dry-run` under the seam must name that date
# and the kind expected of it. A changed pack (or resolver, or seam) fails here, loudly, before any scenario.
started=$(date +%s)
offsets=()
check_home=$(mktemp -d /tmp/dose-e2e-dates.XXXXXX)
check() { env -u DOSE_TEST_CLOCK_OFFSET HOME="$check_home" XDG_DATA_HOME="$check_home/data" XDG_CONFIG_HOME="$check_home/config" \
    XDG_STATE_HOME="$check_home/state" XDG_CACHE_HOME="$check_home/cache" XDG_RUNTIME_DIR="$check_home" TZ=UTC LANG=C.UTF-8 "$@"; }
field() { /usr/bin/python3 -c 'import json, sys; print(json.loads(sys.stdin.readline())[sys.argv[1]])' "$1"; }
chmod 700 "$check_home"
check "$bin/dose" import "$root/content/sample-pack.json" >/dev/null || { echo "the sample pack does not import" >&2; exit 2; }
for i in "${!dates[@]}"; do
    offsets[i]=$(( $(date -u -d "${dates[i]} 12:00:00" +%s) - started ))
    today=$(check env DOSE_TEST_CLOCK_OFFSET="${offsets[i]}" "$bin/dose" today --json) || { echo "dose today failed under the clock seam" >&2; exit 2; }
    plan=$(check env DOSE_TEST_CLOCK_OFFSET="${offsets[i]}" "$bin/dose-notify" --dry-run --json) || { echo "dose-notify --dry-run failed under the clock seam" >&2; exit 2; }
    got="$(field date <<<"$today") $(field kind <<<"$today")"
    [ "$got" = "${dates[i]} ${kinds[i]}" ] || {
        echo "the clock seam on ${dates[i]}: dose today gives \"$got\", not \"${dates[i]} ${kinds[i]}\"; with a changed sample pack pick new dates in tests/run-e2e.sh" >&2
        exit 2
    }
    [ "$(field date <<<"$plan") $(field id <<<"$plan")" = "${dates[i]} $(field id <<<"$today")" ] || {
        echo "the clock seam on ${dates[i]}: dose-notify --dry-run plans $(field date <<<"$plan") $(field id <<<"$plan"), dose today ${dates[i]} $(field id <<<"$today")" >&2
        exit 2
    }
done
rm -rf "$check_home"
echo "e2e: dates ${dates[0]} (${kinds[0]}), ${dates[1]} (${kinds[1]}), ${dates[2]} (${kinds[2]}), 12:00 UTC at the start"

scenarios=("$root"/tests/e2e/*.test.sh)
[ $# -gt 0 ] && scenarios=($(printf "$root/tests/e2e/%s.test.sh " "$@"))
# One run: NAME LABEL OFFSET ("" for no seam) DEADLINE. Its log and exit status go to artifacts/e2e/LABEL/.
run_one() {
    local name=$1 label=$2 offset=$3 deadline=$4 began
    mkdir -p "$artifacts/$label"
    began=$(date +%s)
    if [ -n "$offset" ]; then
        DOSE_TEST_CLOCK_OFFSET=$offset DOSE_RUN_LABEL=$label DOSE_ARTIFACTS="$artifacts/$label" \
            /usr/bin/python3 "$root/tests/support/bounded_run.py" "$deadline" "$artifacts/$label/$name.log" -- \
            bash "$root/tests/e2e/$name.test.sh"
    else
        env -u DOSE_TEST_CLOCK_OFFSET DOSE_RUN_LABEL="$label" DOSE_ARTIFACTS="$artifacts/$label" \
            /usr/bin/python3 "$root/tests/support/bounded_run.py" "$deadline" "$artifacts/$label/$name.log" -- \
            bash "$root/tests/e2e/$name.test.sh"
    fi
    echo "$? $(( $(date +%s) - began ))" >"$artifacts/$label/.$name.rc"
}
runs=()   # "NAME LABEL", in the order the results are printed
gui=()    # "NAME LABEL OFFSET DEADLINE" of the app's lane
plain=()  # the same of the rest, the longest bounds first
for scenario in "${scenarios[@]}"; do
    [ -f "$scenario" ] || { echo "no scenario $scenario" >&2; exit 2; }
    name=$(basename "$scenario" .test.sh)
    deadline=$(sed -n 's/^deadline=\([0-9][0-9]*\).*/\1/p' "$scenario" | head -1)
    deadline=${deadline:-$default_deadline}
    plan=()
    if grep -q '^own_clock=1' "$scenario"; then
        plan=("own-clock -")
    elif grep -q '^every_date=1' "$scenario"; then
        for i in "${!dates[@]}"; do plan+=("${dates[i]} ${offsets[i]}"); done
    else
        plan=("${dates[0]} ${offsets[0]}")
    fi
    for step in "${plan[@]}"; do
        read -r label offset <<<"$step"
        [ "$offset" = - ] && offset=""
        runs+=("$name $label")
        if grep -q '^needs_app_bus=1' "$scenario"; then
            gui+=("$name $label ${offset:--} $deadline")
        elif [ "$deadline" -gt "$default_deadline" ]; then
            plain=("$name $label ${offset:--} $deadline" "${plain[@]}")
        else
            plain+=("$name $label ${offset:--} $deadline")
        fi
    done
done
# Scenarios wait for wall-clock minutes, so they run side by side, each on its own bus and display, at most $jobs
# at a time: the three dates made 33 start at once, and on a loaded machine their Xvfb, buses and servers then
# missed the waits for their own start (a loopback server, notification-daemon). Those that drive the GTK app
# through AT-SPI go one at a time in a lane of their own, beside the rest: every AT-SPI read is a round trip the
# app's main thread answers, and with a dozen GTK and WebKit processes on two cores one read of a preferences
# window took 17–28 s, past any wait a scenario can honestly set. The app's lane is the longer by far, so the
# limit costs the whole run no time.
jobs=8
lane() { # lane LIMIT ENTRY...: runs the entries, at most LIMIT at a time
    local limit=$1 running=0 entry name label offset deadline
    shift
    for entry in "$@"; do
        while [ "$running" -ge "$limit" ]; do wait -n; running=$((running - 1)); done
        read -r name label offset deadline <<<"$entry"
        [ "$offset" = - ] && offset=""
        run_one "$name" "$label" "$offset" "$deadline" &
        running=$((running + 1))
    done
    wait
}
lane "$jobs" "${plain[@]}" &
lane 1 "${gui[@]}" &
wait

passed=0
failed=0
for entry in "${runs[@]}"; do
    read -r name label <<<"$entry"
    read -r rc seconds <"$artifacts/$label/.$name.rc" 2>/dev/null || { rc=missing; seconds=?; }
    if [ "$rc" = 0 ]; then
        echo "PASS $name @$label (${seconds} s)"
        passed=$((passed + 1))
    else
        reason="log: artifacts/e2e/$label/$name.log"
        [ "$rc" = 124 ] && reason="timed out after $(sed -n 's/^FAILED: timed out after \([0-9]*\) s.*/\1/p' "$artifacts/$label/$name.log" | tail -1) s; $reason"
        echo "FAIL $name @$label (${seconds} s; $reason)"
        tail -n 30 "$artifacts/$label/$name.log" | sed 's/^/    /'
        failed=$((failed + 1))
    fi
    rm -f "$artifacts/$label/.$name.rc"
done
echo "e2e: $(( $(date +%s) - started )) s"
echo "e2e: $passed passed, $failed failed"
[ "$failed" -eq 0 ]
