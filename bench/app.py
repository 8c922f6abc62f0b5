#!/usr/bin/python3
"""The desktop app against its C baseline, side by side in one run (bench/app.sh runs this under Xvfb).

app.py OUT_DIR PAGE BASELINE CLOSE_WINDOW [APP]

For each renderer (GSK_RENDERER=cairo, then GTK's default) and each program (the baseline, then the app,
alternating launch by launch so that drift on a shared machine hits both alike):
- launch → ready: from the fork to "ready\\n" on the descriptor named in DAILY_DOSE_READY_FD (both write it
  once the window is mapped and the card's page has finished loading); the median of the runs;
- memory: RSS, PSS and private memory of the process and every descendant (WebKit's network and web
  processes, their bwrap and xdg-dbus-proxy), summed, from /proc/PID/smaps_rollup, after the window has
  settled; the medians. The verdict is on summed RSS: PSS divides shared pages among every process on the
  machine that maps them, so another GTK or WebKit program running beside the bench lowers it;
- idle wake-ups: the context switches (voluntary and not) of every thread of every process of the tree
  over IDLE seconds from IDLE_SETTLE seconds after ready, in the first IDLE_RUNS launches; the median;
- closing the window (WM_DELETE_WINDOW, as a window manager's close button) ends the process and its tree.
Writes OUT_DIR/app-bench.json. Without APP the baseline runs alone and the results say the app is missing.
"""
import glob
import json
import os
import select
import statistics
import subprocess
import sys
import time

RUNS = int(os.environ.get("BENCH_APP_RUNS", "9"))
IDLE = int(os.environ.get("BENCH_APP_IDLE_SECONDS", "10"))
IDLE_RUNS = int(os.environ.get("BENCH_APP_IDLE_RUNS", "3"))
SETTLE = float(os.environ.get("BENCH_APP_SETTLE_SECONDS", "2"))
# The idle window starts this long after ready: the page's first seconds (KaTeX, fonts, WebKit's caches
# and timers settling) are not idle; 2 s in, they still raised the count by half.
IDLE_SETTLE = float(os.environ.get("BENCH_APP_IDLE_SETTLE_SECONDS", "6"))
READY_TIMEOUT = 60


def children_map():
    """ppid → [pid] for every process now."""
    tree = {}
    for stat in glob.glob("/proc/[0-9]*/stat"):
        try:
            text = open(stat).read()
        except OSError:
            continue
        # comm may hold spaces and parentheses: the fields after the last ")".
        fields = text[text.rindex(")") + 2:].split()
        tree.setdefault(int(fields[1]), []).append(int(stat.split("/")[2]))
    return tree


def descendants(pid):
    """pid and every process below it."""
    tree, found, queue = children_map(), [], [pid]
    while queue:
        current = queue.pop()
        found.append(current)
        queue.extend(tree.get(current, []))
    return found


def memory_kib(pid):
    """RSS, PSS and private (USS) kB of a process, from /proc/PID/smaps_rollup (zeros once it is gone)."""
    fields = {}
    try:
        for line in open(f"/proc/{pid}/smaps_rollup"):
            key, _, rest = line.partition(":")
            if key in ("Rss", "Pss", "Private_Clean", "Private_Dirty"):
                fields[key] = int(rest.split()[0])
    except OSError:
        pass
    return {"rss": fields.get("Rss", 0), "pss": fields.get("Pss", 0),
            "private": fields.get("Private_Clean", 0) + fields.get("Private_Dirty", 0)}


def comm(pid):
    try:
        return open(f"/proc/{pid}/comm").read().strip()
    except OSError:
        return "?"


def switches(pids):
    """tid → context switches so far, over every thread of the processes."""
    counts = {}
    for pid in pids:
        for status in glob.glob(f"/proc/{pid}/task/*/status"):
            try:
                text = open(status).read()
            except OSError:
                continue
            counts[status.split("/")[4]] = sum(
                int(line.split()[1]) for line in text.splitlines()
                if line.startswith(("voluntary_ctxt_switches", "nonvoluntary_ctxt_switches")))
    return counts


def idle_wakeups(pid, seconds):
    """Context switches of the tree over SECONDS, sampled each second per thread id, so a thread that
    ends inside the window still counts up to its last sample; the threads seen."""
    first = switches(descendants(pid))
    last = dict(first)
    for _ in range(seconds):
        time.sleep(1)
        last.update(switches(descendants(pid)))
    total = sum(last[tid] - first.get(tid, 0) for tid in last)
    return total, len(last)


def windows_of(pid):
    result = subprocess.run(["xdotool", "search", "--pid", str(pid)], capture_output=True, text=True)
    return result.stdout.split()


def wait_gone(pids, seconds):
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        alive = [p for p in pids if os.path.exists(f"/proc/{p}") and not zombie(p)]
        if not alive:
            return []
        time.sleep(0.05)
    return [p for p in pids if os.path.exists(f"/proc/{p}") and not zombie(p)]


def zombie(pid):
    try:
        text = open(f"/proc/{pid}/stat").read()
        return text[text.rindex(")") + 2] == "Z"
    except OSError:
        return False


def launch(command, env, log, measure_idle):
    """One launch: ready time, memory, optionally idle wake-ups, then the close."""
    read_end, write_end = os.pipe()
    env = dict(env, DAILY_DOSE_READY_FD=str(write_end))
    started = time.monotonic()
    process = subprocess.Popen(command, env=env, pass_fds=(write_end,), stdout=log, stderr=log)
    os.close(write_end)
    result = {}
    got = b""
    deadline = started + READY_TIMEOUT
    while b"\n" not in got:
        remaining = deadline - time.monotonic()
        if remaining <= 0:
            break
        ready, _, _ = select.select([read_end], [], [], remaining)
        if not ready:
            break
        chunk = os.read(read_end, 64)
        if not chunk:
            break
        got += chunk
    os.close(read_end)
    if got != b"ready\n":
        process.kill()
        process.wait()
        return {"error": f"no 'ready' within {READY_TIMEOUT} s (read {got!r}, exit {process.returncode})"}
    ready_at = time.monotonic()
    result["ready_s"] = ready_at - started
    time.sleep(SETTLE)
    tree = descendants(process.pid)
    # Per process name (the WebKit processes, bwrap, xdg-dbus-proxy): RSS, PSS and private kB.
    parts = {}
    for pid in tree:
        part = parts.setdefault(comm(pid), {"rss": 0, "pss": 0, "private": 0})
        for key, kib in memory_kib(pid).items():
            part[key] += kib
    result["parts_kib"] = parts
    for key in ("rss", "pss", "private"):
        result[f"{key}_kib"] = sum(part[key] for part in parts.values())
    if measure_idle:
        time.sleep(max(0.0, ready_at + IDLE_SETTLE - time.monotonic()))
        result["idle_switches"], result["idle_threads"] = idle_wakeups(process.pid, IDLE)
    tree = descendants(process.pid)
    windows = windows_of(process.pid)
    closed_at = time.monotonic()
    for window in windows:
        subprocess.run([CLOSE_WINDOW, window], stdout=log, stderr=log)
    try:
        process.wait(timeout=10)
        result["exit_s"] = time.monotonic() - closed_at
        result["exit_status"] = process.returncode
    except subprocess.TimeoutExpired:
        result["exit_s"] = None
    left = wait_gone([p for p in tree if p != process.pid], 5)
    result["closed"] = result["exit_s"] is not None and result.get("exit_status") == 0 and not left
    result["left_running"] = [comm(p) for p in left]
    if result["exit_s"] is None or left:
        for pid in [process.pid] + left:
            try:
                os.kill(pid, 9)
            except OSError:
                pass
        process.wait()
    return result


def main():
    global CLOSE_WINDOW
    out, page, baseline, CLOSE_WINDOW = sys.argv[1:5]
    app = sys.argv[5] if len(sys.argv) > 5 and sys.argv[5] else None
    programs = {"baseline": [baseline, page]}
    if app:
        programs["app"] = [app]
    results = {"runs": RUNS, "idle_seconds": IDLE, "idle_runs": min(IDLE_RUNS, RUNS), "idle_settle_seconds": IDLE_SETTLE, "settle_seconds": SETTLE, "app_missing": app is None,
               "renderers": {}}
    base_env = dict(os.environ, GDK_BACKEND="x11")
    with open(os.path.join(out, "app-bench.log"), "ab") as log:
        for renderer in ("cairo", "default"):
            env = dict(base_env)
            env.pop("GSK_RENDERER", None)
            if renderer != "default":
                env["GSK_RENDERER"] = renderer
            per_program = {name: [] for name in programs}
            # One unmeasured launch each first: the page cache, fontconfig's and WebKit's caches.
            for name, command in programs.items():
                launch(command, env, log, measure_idle=False)
            for run in range(RUNS):
                for name, command in programs.items():
                    run_result = launch(command, env, log, measure_idle=(run < IDLE_RUNS))
                    print(f"{renderer} {name} run {run + 1}: {summary(run_result)}", flush=True)
                    per_program[name].append(run_result)
            results["renderers"][renderer] = {name: aggregate(runs) for name, runs in per_program.items()}
    with open(os.path.join(out, "app-bench.json"), "w") as f:
        json.dump(results, f, indent=1)


def summary(result):
    if "error" in result:
        return result["error"]
    text = (f"ready {result['ready_s'] * 1000:.0f} ms, RSS {result['rss_kib'] / 1024:.0f} MiB "
            f"(PSS {result['pss_kib'] / 1024:.0f}, private {result['private_kib'] / 1024:.0f})")
    if "idle_switches" in result:
        text += f", {result['idle_switches']} switches in {IDLE} s"
    return text + (", closed" if result["closed"] else f", NOT closed (left: {result['left_running']})")


def aggregate(runs):
    good = [r for r in runs if "error" not in r]
    errors = [r["error"] for r in runs if "error" in r]
    if not good:
        return {"errors": errors}
    idle = [r for r in good if "idle_switches" in r]
    last = good[-1]
    return {
        "ready_ms": [round(r["ready_s"] * 1000, 1) for r in good],
        "ready_median_ms": round(statistics.median(r["ready_s"] for r in good) * 1000, 1),
        **{f"{key}_median_kib": int(statistics.median(r[f"{key}_kib"] for r in good)) for key in ("rss", "pss", "private")},
        "parts_kib": last["parts_kib"],
        "idle_switches": statistics.median(r["idle_switches"] for r in idle) if idle else None,
        "idle_switches_all": [r["idle_switches"] for r in idle],
        "idle_threads": max(r["idle_threads"] for r in idle) if idle else None,
        "closed": all(r["closed"] for r in good),
        "exit_ms": [round(r["exit_s"] * 1000) if r["exit_s"] is not None else None for r in good],
        "errors": errors,
    }


if __name__ == "__main__":
    main()
