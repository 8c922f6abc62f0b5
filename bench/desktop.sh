#!/usr/bin/env bash
# Runs inside dbus-run-session (from bench/run.sh): the fire path against notify-send, then the
# scheduler at rest and its memory against a C program holding a libnotify notification.
set -euo pipefail
bin=$BENCH_BIN; out=$BENCH_OUT; root=$BENCH_ROOT
python=/usr/bin/python3   # a real interpreter, as in run.sh
pids=()
trap 'for p in "${pids[@]}"; do kill "$p" 2>/dev/null || true; done; wait 2>/dev/null || true' EXIT
display=$(( 100 + RANDOM % 800 ))
Xvfb ":$display" -screen 0 1024x768x24 -nolisten tcp >"$out/xvfb.log" 2>&1 & pids+=($!)
export DISPLAY=":$display"
for _ in $(seq 50); do xdpyinfo >/dev/null 2>&1 && break; sleep 0.1; done
dunst -config "$root/bench/dunstrc" >"$out/dunst.log" 2>&1 & pids+=($!)
for _ in $(seq 50); do
    dbus-send --session --print-reply --dest=org.freedesktop.DBus / org.freedesktop.DBus.NameHasOwner \
        string:org.freedesktop.Notifications 2>/dev/null | grep -q true && break
    sleep 0.1
done

# The same summary and body as the fire sends (from the dry-run of the same item).
snap="$XDG_STATE_HOME/daily-dose/snapshot.json"
id=$($python bench/resolve.py "$snap" --date 2026-06-01)
preview=$("$bin/dose-notify" --dry-run --json --id "$id")
summary=$($python -c 'import json,sys; print(json.loads(sys.argv[1])["summary"])' "$preview")
body=$($python -c 'import json,sys; print(json.loads(sys.argv[1])["body"])' "$preview")
printf '%s\n' "$summary" >"$out/fire-summary.txt"; printf '%s\n' "$body" >"$out/fire-body.txt"
# Both wait until the server closes the notification (dunst: 1 ms timeout), with the same hints.
hyperfine -N -w 3 -r "$(( BENCH_RUNS * 3 ))" --export-json "$out/fire-1000.json" \
    -n fire "$bin/dose-notify fire --id $id" \
    -n notify-send "notify-send --wait -a 'Daily Dose' -c x-dailydose.dose -u normal -h string:desktop-entry:net.dailydose.DailyDose -A default=Open -A open=Open '$summary' '$body'" \
    >"$out/fire-1000.log" 2>&1

# At rest: today already fired, so the scheduler arms for tomorrow and sleeps; the C program holds a notification.
printf '%s\n' "$(date +%F)" >"$XDG_STATE_HOME/daily-dose/last-fired"
"$bin/dose" config set notify-time 07:00 >/dev/null
"$bin/dose-notify" run >"$out/scheduler.log" 2>&1 & sched=$!; pids+=($sched)
# The C program's notification must stay: a dunst that never times it out.
kill "${pids[1]}"; wait "${pids[1]}" 2>/dev/null || true
sed 's/timeout = 1ms/timeout = 0/' "$root/bench/dunstrc" >"$out/dunstrc-rest"
dunst -config "$out/dunstrc-rest" >>"$out/dunst.log" 2>&1 & pids+=($!)
sleep 1
"$out/hold_notification" >"$out/hold.log" 2>&1 & hold=$!; pids+=($hold)
sleep 5
# Context switches of every thread, sampled each second and summed per thread id, so a thread that
# exits during the window still counts (its switches up to the last sample before it went).
count_switches() { # count_switches SECONDS PID...: prints "PID total threads-seen" per pid
    $python - "$@" <<'PY'
import glob, sys, time
seconds, pids = int(sys.argv[1]), sys.argv[2:]
def read(pid):
    counts = {}
    for status in glob.glob(f"/proc/{pid}/task/*/status"):
        try:
            text = open(status).read()
        except OSError:
            continue
        counts[status.split("/")[4]] = sum(int(line.split()[1]) for line in text.splitlines()
                                           if line.startswith(("voluntary_ctxt_switches", "nonvoluntary_ctxt_switches")))
    return counts
first = {pid: read(pid) for pid in pids}
last = {pid: dict(first[pid]) for pid in pids}
for _ in range(seconds):
    time.sleep(1)
    for pid in pids:
        last[pid].update(read(pid))
for pid in pids:
    total = sum(count - first[pid].get(tid, 0) for tid, count in last[pid].items())
    print(pid, total, len(last[pid]))
PY
}
count_switches "$BENCH_IDLE_SECONDS" "$sched" "$hold" >"$out/switches.txt"
read -r _ s_total s_threads < <(sed -n 1p "$out/switches.txt")
read -r _ h_total h_threads < <(sed -n 2p "$out/switches.txt")
{
    echo "idle_seconds=$BENCH_IDLE_SECONDS"
    echo "scheduler_switches=$s_total"; echo "scheduler_threads=$s_threads"
    echo "c_switches=$h_total"; echo "c_threads=$h_threads"
} >"$out/rest.txt"

# Memory after 24 re-plans: each config write replaces the file, the monitor fires, the scheduler plans again.
for i in $(seq 24); do
    "$bin/dose" config set notify-time "$(printf "%02d:30" $(( i % 2 ? 6 : 7 )))" >/dev/null
    sleep 1
done
sleep 2
{
    echo "replans=$(grep -c 'next notification' "$out/scheduler.log" || true)"
    echo "scheduler_rss_kib=$(awk '/^VmRSS/ {print $2}' /proc/$sched/status)"
    echo "scheduler_hwm_kib=$(awk '/^VmHWM/ {print $2}' /proc/$sched/status)"
    echo "c_rss_kib=$(awk '/^VmRSS/ {print $2}' /proc/$hold/status)"
    echo "scheduler_maps_foundation=$(grep -c -i -e foundation -e libicu /proc/$sched/maps || true)"
} >>"$out/rest.txt"
cat "$out/rest.txt"
