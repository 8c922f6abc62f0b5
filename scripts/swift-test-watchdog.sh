#!/usr/bin/env bash
# Runs the Swift tests so that a hang cannot hold the run: it fails, loudly, once the run has taken
# UNIT_TEST_TIMEOUT seconds in all (default 2400) or made no progress (no test case started or ended, no output)
# for UNIT_TEST_STALL seconds (default 600), naming the test cases that were running, and ends everything the run
# started.
#
# Usage: scripts/swift-test-watchdog.sh [test arguments: --filter REGEX, --skip REGEX, …]   (after `swift build
# --build-tests`; SWIFT names the swift driver, default swift; SWIFT_BUILD_FLAGS the flags that build used, e.g.
# --sanitize=thread, to find its bundle)
#
# It runs the built test bundle itself rather than `swift test`, for two reasons. Swift Testing 6.3 takes
# --experimental-maximum-parallelization-width, which SwiftPM 6.3 cannot pass: at the width of the cooperative pool
# (one thread per core) a test's time-limit clock starts when it runs, while `swift test` admits every test at once,
# so in a run longer than a limit every test reports "Time limit was exceeded". And the bundle's output then reaches
# us line by line, where `swift test` passes it on in blocks.
#
# Why a watchdog outside the process: Swift Testing's .timeLimit records an issue but cannot stop a test blocked in
# a system call, and its timer needs a free thread of the cooperative pool to fire at all (docs/architecture.md,
# "Tests"). Every wait inside the tests has its own deadline; this is the last bound.
set -uo pipefail

swift=${SWIFT:-swift}
limit=${UNIT_TEST_TIMEOUT:-2400}
stall=${UNIT_TEST_STALL:-600}
# Every suite carries its own time limit and the journal's trait (`@Suite(.timeLimit(…), .watched)` on its line or
# the line above): a suite that slipped in without them (SortedTableTests once did) would run unbounded and unnamed
# in a hang report. Checked before anything runs.
root=$(cd "$(dirname "$0")/.." && pwd)
unbounded=$(awk 'FNR == 1 { before = "" }
    /^(final )?(struct|class) [A-Za-z0-9_]+Tests([^A-Za-z0-9_]|$)/ && ($0 before) !~ /timeLimit/ { print FILENAME ":" FNR ": " $0 }
    { before = $0 }' "$root"/Tests/*/*.swift)
[ -z "$unbounded" ] || { printf 'test suites without @Suite(.timeLimit(…), .watched):\n%s\n' "$unbounded" >&2; exit 2; }

log=$(mktemp "${TMPDIR:-/tmp}/dose-swift-test.XXXXXX")
# Each test case writes "start|end SECONDS TEST-ID" here as it runs (DoseTestSupport's `.watched` trait).
export DOSE_TEST_JOURNAL=$log.journal
: >"$DOSE_TEST_JOURNAL"

# shellcheck disable=SC2086 # the flags are words
bin=$("$swift" build ${SWIFT_BUILD_FLAGS:-} --show-bin-path) || exit 2
bundle=$(ls -d "$bin"/*PackageTests.xctest 2>/dev/null | head -1)
[ -x "$bundle" ] || { echo "no test bundle in $bin: run swift build --build-tests first" >&2; exit 2; }

# A session of its own (setsid: the run is not a group leader here, so it leads the new session itself): the
# watchdog can end the test process and whatever it started, process groups of their own included.
setsid "$bundle" --testing-library swift-testing --experimental-maximum-parallelization-width "$(nproc)" "$@" \
    > >(tee -a "$log") 2>&1 &
run=$!

# The test cases that started and have not ended, with how long they have been running.
unfinished() {
    awk -v now="$(date +%s)" '
        $1 == "start" { open[$3]++; since[$3] = $2 }
        $1 == "end" { open[$3]-- }
        END { for (id in open) if (open[id] > 0) printf "    %s (running for %d s)\n", id, now - since[id] }' "$DOSE_TEST_JOURNAL" | sort
}

running() { [ -e "/proc/$run" ] && [ "$(sed 's/.*) //' "/proc/$run/stat" 2>/dev/null | cut -d' ' -f1)" != Z ]; }

end_session() {
    pkill -TERM -s "$run" 2>/dev/null
    for _ in $(seq 20); do running || break; sleep 0.5; done
    pkill -KILL -s "$run" 2>/dev/null
}

# What the run started and left behind once it is gone (a crashed test process leaves its fake servers and
# daemons as orphans: run 6 here left a fake provider, a pack server and a `dose daemon`). Found by the session and
# by the journal's path in their environment, which every child inherits, a session of its own included.
end_leftovers() {
    # This script's own session (tee, the commands below) shares the environment and is left alone.
    local pids=() p sid own
    own=$(ps -o sid= -p $$ | tr -d ' ')
    for p in /proc/[0-9]*; do
        sid=$(ps -o sid= -p "${p#/proc/}" 2>/dev/null | tr -d ' ')
        [ -n "$sid" ] && [ "$sid" != "$own" ] || continue
        if [ "$sid" = "$run" ] ||
            tr '\0' '\n' 2>/dev/null <"$p/environ" | grep -qxF "DOSE_TEST_JOURNAL=$DOSE_TEST_JOURNAL"; then
            pids+=("${p#/proc/}")
        fi
    done
    [ ${#pids[@]} -eq 0 ] && return
    echo "The test run left ${#pids[@]} process(es) behind; ending them:" >&2
    ps -o pid=,args= -p "$(IFS=,; echo "${pids[*]}")" >&2
    kill -KILL "${pids[@]}" 2>/dev/null
}

cleanup() { rm -f "$log" "$DOSE_TEST_JOURNAL"; }
trap 'echo "Swift tests interrupted: ending their session" >&2; end_session; wait "$run"; cleanup; exit 130' INT TERM HUP

started=$SECONDS
reason=
while running; do
    sleep 5
    # Progress is a line of output or of the journal.
    last=$(stat -c %Y "$log" "$DOSE_TEST_JOURNAL" | sort -n | tail -1)
    idle=$(( $(date +%s) - last ))
    if (( SECONDS - started > limit )); then reason="it ran for more than $limit s (UNIT_TEST_TIMEOUT)"; break; fi
    if (( idle > stall )); then reason="no test case started or ended for $idle s (UNIT_TEST_STALL=$stall)"; break; fi
done

if [ -n "$reason" ]; then
    {
        echo
        echo "==================================================================="
        echo "The Swift tests HUNG: $reason. Test cases running:"
        unfinished
        echo "Ending the run and everything it started (session $run)."
        echo "==================================================================="
    } >&2
    end_session
    wait "$run"
    end_leftovers
    rm -f "$log"
    echo "The journal of test cases started and ended: $DOSE_TEST_JOURNAL" >&2
    exit 124
fi

wait "$run"
status=$?
if (( status > 128 )); then
    {
        echo
        echo "==================================================================="
        echo "The Swift tests CRASHED (signal $((status - 128))). Test cases running:"
        unfinished
        echo "==================================================================="
    } >&2
fi
end_leftovers
cleanup
exit "$status"
