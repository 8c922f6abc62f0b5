#!/usr/bin/env bash
# Runs every fuzz target for SECONDS each (default 30): fuzz/run.sh [SECONDS] [TARGET...]
# Seeds come from fuzz/corpus/<target>/ (read only); new inputs go to build/fuzz/corpus-<target>/.
# A finding leaves its input in build/fuzz/ (crash-*, timeout-*, oom-*) and fails the run.
# SWIFT_BACKTRACE=enable=no: libFuzzer reports the crash itself; Swift's backtracer, started from its
# signal handler, hung after the fuzzer process had gone, so a finding never ended the run.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
seconds=${1:-30}; shift || true
targets=${*:-latex pack snapshot index time config}
"$root/fuzz/build.sh" $targets
status=0
passed=0
failed=0
for target in $targets; do
    work="$root/build/fuzz/corpus-$target"
    mkdir -p "$work"
    echo "fuzz: $target for ${seconds}s"
    if ! (cd "$root/build/fuzz" && SWIFT_BACKTRACE=enable=no ASAN_OPTIONS=detect_leaks=0 nice -n 10 ./"$target" "$work" "$root/fuzz/corpus/$target" \
            -max_total_time="$seconds" -timeout=1 -rss_limit_mb=2048 -max_len=65536 -print_final_stats=1 \
            >"$root/build/fuzz/$target.log" 2>&1); then
        echo "fuzz: $target FOUND a problem; see build/fuzz/$target.log"; tail -n 30 "$root/build/fuzz/$target.log"
        status=1
        failed=$((failed + 1))
    else
        grep -E "stat::number_of_executed_units|Done [0-9]+ runs" "$root/build/fuzz/$target.log" | tail -1
        passed=$((passed + 1))
    fi
done
echo "fuzz: $passed passed, $failed failed"
exit $status
