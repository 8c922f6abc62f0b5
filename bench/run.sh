#!/usr/bin/env bash
# `make bench`: release build, generated pools, every figure measured against a baseline in the same run.
# Writes raw results to build/bench/ and the table to docs/performance.md (bench/report.py).
# Not part of the tests: nothing here asserts on wall time; verdicts are for the report.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root"
export PATH="$PATH:/opt/swift/usr/bin"
out="$root/build/bench"
rm -rf "$out"; mkdir -p "$out"
sizes=${BENCH_SIZES:-"100 1000 10000 100000"}
runs=${BENCH_RUNS:-10}
idle_seconds=${BENCH_IDLE_SECONDS:-60}
for tool in hyperfine gcc valgrind curl sqlite3; do command -v $tool >/dev/null || { echo "bench: needs $tool (apt-get install $tool)"; exit 1; }; done
# A real interpreter, never a version-manager shim found on PATH (its start-up would count as Python's time).
python=/usr/bin/python3
for tool in $python /usr/bin/time; do [ -x $tool ] || { echo "bench: needs $tool (apt-get install python3 time)"; exit 1; }; done

echo "== release build (make release: the binaries make install and the .deb ship)"
nice -n 10 make --no-print-directory release 2>&1 | tail -1
bin="$root/.build/release"
gcc -O2 bench/hold_notification.c -o "$out/hold_notification" $(pkg-config --cflags --libs libnotify)
{ echo "swift=$(swift --version 2>&1 | head -1)"; echo "cpu=$(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | xargs)"; echo "cores=$(nproc)"; } >"$out/env.txt"

home() { # home N: an XDG home per pool size
    export XDG_DATA_HOME="$out/home-$1/data" XDG_STATE_HOME="$out/home-$1/state" XDG_CONFIG_HOME="$out/home-$1/config"
    export XDG_RUNTIME_DIR="$out/home-$1/runtime" TZ=UTC LANG=C.UTF-8
    mkdir -p "$XDG_RUNTIME_DIR"; chmod 700 "$XDG_RUNTIME_DIR"
}
date=2026-06-01
peak() { # peak COMMAND...: the peak RSS in KiB (GNU time's maximum resident set), the largest of three runs
    for _ in 1 2 3; do /usr/bin/time -f %M "$@" 2>&1 >/dev/null | tail -1; done | sort -n | tail -1
}
for n in $sizes; do
    echo "== pool of $n items"
    $python bench/gen_pack.py "$n" "$out/pack-$n.json"
    home "$n"
    "$bin/dose" import "$out/pack-$n.json" >/dev/null
    snap="$XDG_STATE_HOME/daily-dose/snapshot.json"
    # The two resolvers must agree before their times mean anything.
    swift_id=$("$bin/dose-notify" --dry-run --json --date $date | sed 's/^{"id":"\([^"]*\)".*/\1/')
    py_id=$($python bench/resolve.py "$snap" --date $date)
    [ "$swift_id" = "$py_id" ] || { echo "bench: dry-run says $swift_id, resolve.py says $py_id"; exit 1; }
    hyperfine -N -w 2 -r "$runs" --export-json "$out/resolve-$n.json" \
        -n dry-run "$bin/dose-notify --dry-run --json --date $date" \
        -n python "$python bench/resolve.py $snap --date $date" \
        -n cat "cat $snap" >"$out/resolve-$n.log" 2>&1
    import_runs=$(( n >= 100000 ? 3 : 5 ))
    # Each import writes the snapshot as a first import does (the same pool again would leave it alone).
    hyperfine -N -w 1 -r "$import_runs" --export-json "$out/import-$n.json" \
        --prepare "rm -f $snap" --prepare true \
        -n import "$bin/dose import $out/pack-$n.json" \
        -n python-sqlite "$python bench/import_baseline.py $out/pack-$n.json $out/baseline-$n.sqlite3" >"$out/import-$n.log" 2>&1
    # `dose today` reads the snapshot as the dry-run does (after one meta read in the store); a config
    # change on an unchanged pool writes no snapshot. Each against its floor, in one hyperfine run.
    [ "$("$bin/dose" today --json --date $date | sed 's/^{"id":"\([^"]*\)".*/\1/')" = "$swift_id" ] \
        || { echo "bench: dose today and the dry-run disagree"; exit 1; }
    hyperfine -N -w 2 -r "$runs" --export-json "$out/today-$n.json" \
        -n today "$bin/dose today --json --date $date" \
        -n dry-run "$bin/dose-notify --dry-run --json --date $date" >"$out/today-$n.log" 2>&1
    hyperfine -N -w 2 -r "$runs" --export-json "$out/config-$n.json" \
        -n config-set "$bin/dose config set notify-time 08:00" \
        -n config-get "$bin/dose config get notify-time" >"$out/config-$n.log" 2>&1
    { echo "today_kib=$(peak "$bin/dose" today --json --date $date)"
      echo "dry_run_kib=$(peak "$bin/dose-notify" --dry-run --json --date $date)"; } >"$out/memory-$n.txt"
done

echo "== fire path, at rest and memory (dbus-run-session, Xvfb, dunst)"
home 1000
export BENCH_BIN="$bin" BENCH_OUT="$out" BENCH_ROOT="$root" BENCH_RUNS="$runs" BENCH_IDLE_SECONDS="$idle_seconds"
dbus-run-session --config-file="$root/tests/e2e/session.conf" -- bash bench/desktop.sh

echo "== the desktop app against a C GTK 4 + WebKitWebView baseline (bench/app.sh; the app's table in docs/performance.md)"
BENCH_BIN="$bin" BENCH_OUT="$out" bash bench/app.sh

echo "== HTTP: CPU while waiting, hostile bodies (bench/network.py)"
$python bench/network.py "$bin" "$out" "$root" >"$out/network.log" 2>&1

echo "== wake-ups of dose daemon with a provider request out, against curl with the same low-speed rule (bench/wakeups.py)"
$python bench/wakeups.py "$bin" "$out" "$root" >"$out/wakeups.log" 2>&1

echo "== start-up and shipped sizes (dose --version, dose show against dose-notify --version; stripped dose, the .deb)"
home 1000
bash bench/startup.sh

echo "== callgrind: instructions of one dry-run at 10,000 items"
home 10000
valgrind --tool=callgrind --callgrind-out-file="$out/callgrind.dry-run-10000" \
    "$bin/dose-notify" --dry-run --json --date $date >/dev/null 2>"$out/callgrind.log" || true
grep -o 'refs: *[0-9,]*' "$out/callgrind.log" | tr -d ' ,' | sed 's/refs:/instructions=/' >>"$out/env.txt"

$python bench/report.py "$out" "$root/docs/performance.md"
echo "bench: table written to docs/performance.md"
