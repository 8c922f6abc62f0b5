#!/usr/bin/env bash
# Runs every end-to-end scenario under tests/e2e/ against the built binaries and prints
# one closing line "N passed, N failed". Artifacts (captures, screenshots) go to artifacts/e2e/.
set -uo pipefail
bin=$(cd "${1:-.build/debug}" && pwd)
root=$(cd "$(dirname "$0")/.." && pwd)
artifacts="$root/artifacts/e2e"
rm -rf "$artifacts"
mkdir -p "$artifacts"
export DOSE_BIN="$bin" DOSE_ROOT="$root" DOSE_ARTIFACTS="$artifacts"

passed=0
failed=0
pids=()
names=()
# Scenarios wait for wall-clock minutes, so they run side by side, each on its own bus and display.
for scenario in "$root"/tests/e2e/*.test.sh; do
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
