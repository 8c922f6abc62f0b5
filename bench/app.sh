#!/usr/bin/env bash
# `make bench-app`, and the app's part of `make bench`: the desktop app `daily-dose` against a minimal C
# program showing the same card (bench/baseline-app.c), side by side in one run under Xvfb (GDK_BACKEND=x11)
# on a private session bus: launch → ready, memory of the whole process tree with GSK_RENDERER=cairo and
# GTK's default renderer, idle wake-ups, and that closing the window ends the process (bench/app.py).
# Writes build/bench/app/ (or BENCH_OUT/app) and the app's table in docs/performance.md (bench/app_report.py).
# While Package.swift declares no daily-dose product (scripts/app-product.sh) the baseline runs alone and
# the table says the app is missing.
# Knobs: BENCH_APP_RUNS (9), BENCH_APP_IDLE_RUNS (3), BENCH_APP_IDLE_SECONDS (10), BENCH_APP_SETTLE_SECONDS (2),
# BENCH_APP_IDLE_SETTLE_SECONDS (6), BENCH_BIN (skips the release build).
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root"
export PATH="$PATH:/opt/swift/usr/bin"
python=/usr/bin/python3

if [ -z "${BENCH_APP_IN_BUS:-}" ]; then
    for tool in gcc pkg-config Xvfb xdotool xdpyinfo dbus-run-session; do
        command -v $tool >/dev/null || { echo "bench-app: needs $tool (scripts/install-deps.sh test)"; exit 1; }
    done
    out="${BENCH_OUT:-$root/build/bench}/app"
    rm -rf "$out"; mkdir -p "$out"
    bin="${BENCH_BIN:-$root/.build/release}"
    if [ -z "${BENCH_BIN:-}" ]; then
        echo "== release build (make release)"
        nice -n 10 make --no-print-directory release 2>&1 | tail -1
    fi
    app=""
    if scripts/app-product.sh 2>"$out/app-product.txt"; then
        app="$bin/daily-dose"
        [ -x "$app" ] || { echo "bench-app: Package.swift declares daily-dose but $app is not built"; exit 1; }
    else
        echo "bench-app: the app is missing ($(cat "$out/app-product.txt")): the baseline runs alone"
    fi
    gcc -O2 bench/baseline-app.c -o "$out/baseline-app" $(pkg-config --cflags --libs gtk4 webkitgtk-6.0)
    gcc -O2 bench/close_window.c -o "$out/close_window" $(pkg-config --cflags --libs x11)
    # A home with the sample pack: the app shows today's dose from it, the baseline the page `dose open`
    # writes for the same dose (the same HTML, KaTeX and render script).
    home="$out/home"
    export HOME="$home" XDG_DATA_HOME="$home/data" XDG_STATE_HOME="$home/state" XDG_CONFIG_HOME="$home/config"
    export XDG_CACHE_HOME="$home/cache" XDG_RUNTIME_DIR="$home/runtime" TZ=UTC LANG=C.UTF-8
    mkdir -p "$XDG_RUNTIME_DIR"; chmod 700 "$XDG_RUNTIME_DIR"
    "$bin/dose" import content/sample-pack.json >/dev/null
    # The window alone is measured: background work off (the student's choice), so the app starts no `dose daemon`
    # beside it (docs/learning.md, "Who runs the queue").
    mkdir -p "$XDG_CONFIG_HOME/daily-dose"; echo off >"$XDG_CONFIG_HOME/daily-dose/background-work"
    "$bin/dose" today --json >"$out/today.json"
    page=$("$bin/dose" open --print-path --no-launch)
    cp "$page" "$out/card.html"
    { echo "swift=$(swift --version 2>&1 | head -1)"; echo "cpu=$(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | xargs)"
      echo "cores=$(nproc)"; echo "gtk=$(pkg-config --modversion gtk4)"; echo "webkit=$(pkg-config --modversion webkitgtk-6.0)"
      echo "gl=$(ls /dev/dri 2>/dev/null | head -1 || true)"; } >"$out/env.txt"
    export BENCH_APP_IN_BUS=1 BENCH_APP_OUT="$out" BENCH_APP_PAGE="$page" BENCH_APP_APP="$app"
    dbus-run-session --config-file="$root/tests/e2e/session.conf" -- bash "$0"
    $python bench/app_report.py "$out" "$root/docs/performance.md"
    exit 0
fi

# Inside the private bus: a display, then the measurements.
out=$BENCH_APP_OUT
xvfb_pid=""
trap '[ -z "$xvfb_pid" ] || kill "$xvfb_pid" 2>/dev/null || true' EXIT
display=$(( 100 + RANDOM % 800 ))
Xvfb ":$display" -screen 0 1280x800x24 -nolisten tcp -noreset >"$out/xvfb.log" 2>&1 & xvfb_pid=$!
export DISPLAY=":$display"
for _ in $(seq 50); do xdpyinfo >/dev/null 2>&1 && break; sleep 0.1; done
$python bench/app.py "$out" "$BENCH_APP_PAGE" "$out/baseline-app" "$out/close_window" "$BENCH_APP_APP"
