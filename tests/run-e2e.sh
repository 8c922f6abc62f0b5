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
pids=()
names=()
# Scenarios wait for wall-clock minutes, so they run side by side, each on its own bus and display.
scenarios=("$root"/tests/e2e/*.test.sh)
[ $# -gt 0 ] && scenarios=($(printf "$root/tests/e2e/%s.test.sh " "$@"))
for scenario in "${scenarios[@]}"; do
    name=$(basename "$scenario" .test.sh)
    bash "$scenario" >"$artifacts/$name.log" 2>&1 &
    pids+=($!)
    names+=("$name")
done
for i in "${!pids[@]}"; do
    if wait "${pids[$i]}"; then
        echo "PASS ${names[$i]}"
        passed=$((passed + 1))
    else
        echo "FAIL ${names[$i]} (log: artifacts/e2e/${names[$i]}.log)"
        tail -n 30 "$artifacts/${names[$i]}.log" | sed 's/^/    /'
        failed=$((failed + 1))
    fi
done
echo "e2e: $passed passed, $failed failed"
[ "$failed" -eq 0 ]
