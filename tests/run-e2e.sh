#!/usr/bin/env bash
# Runs every end-to-end scenario under tests/e2e/ against the built binaries (the release build that
# ships, from `make release`, unless a directory is given) and prints one closing line "N passed, N failed".
# Artifacts (captures, screenshots) go to artifacts/e2e/. Scenario names as arguments after the directory run
# only those: tests/run-e2e.sh .build/release late-bus server-faults
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
artifacts="$root/artifacts/e2e"
rm -rf "$artifacts"
mkdir -p "$artifacts"
export DOSE_BIN="$bin" DOSE_ROOT="$root" DOSE_ARTIFACTS="$artifacts"

passed=0
failed=0
# Scenarios wait for wall-clock minutes, so they run side by side, each on its own bus and display. Those that
# drive the GTK app through AT-SPI go one at a time in a lane of their own, beside the rest: every AT-SPI read is
# a round trip the app's main thread answers, and with a dozen GTK and WebKit processes on two cores one read of
# a preferences window took 17–28 s, past any wait a scenario can honestly set.
scenarios=("$root"/tests/e2e/*.test.sh)
[ $# -gt 0 ] && scenarios=($(printf "$root/tests/e2e/%s.test.sh " "$@"))
names=()
gui=()
run_one() { # run_one SCENARIO: its log and exit status go to artifacts/e2e/NAME.log and .NAME.rc
    local name
    name=$(basename "$1" .test.sh)
    bash "$1" >"$artifacts/$name.log" 2>&1
    echo $? >"$artifacts/.$name.rc"
}
for scenario in "${scenarios[@]}"; do
    names+=("$(basename "$scenario" .test.sh)")
    if grep -q '^needs_app_bus=1' "$scenario"; then
        gui+=("$scenario")
    else
        run_one "$scenario" &
    fi
done
( for scenario in "${gui[@]}"; do run_one "$scenario"; done ) &
wait
for name in "${names[@]}"; do
    if [ "$(cat "$artifacts/.$name.rc" 2>/dev/null)" = 0 ]; then
        echo "PASS $name"
        passed=$((passed + 1))
    else
        echo "FAIL $name (log: artifacts/e2e/$name.log)"
        tail -n 30 "$artifacts/$name.log" | sed 's/^/    /'
        failed=$((failed + 1))
    fi
    rm -f "$artifacts/.$name.rc"
done
echo "e2e: $passed passed, $failed failed"
[ "$failed" -eq 0 ]
