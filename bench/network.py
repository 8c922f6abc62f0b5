#!/usr/bin/env python3
"""HTTP figures for `make bench`: network.py BIN OUT_DIR ROOT — writes OUT_DIR/network.txt (key=value).

Against tests/support/hostile_http.py on loopback, each figure beside its baseline in the same run:
- CPU time while a transfer waits 5 s for a server's answer: `dose sync` and `dose learn run` against
  `curl` waiting for the same answer (the floor). Two figures: the CPU spent inside the wait (every
  thread's run time from /proc/PID/task/*/schedstat, in nanoseconds, from 1 s into the wait to 4.5 s),
  and the whole command's CPU from wait4's rusage (start-up, loading libcurl, the import included).
- An endless body, a gzip bomb and a server sending one byte every 10 s: peak RSS (rusage ru_maxrss),
  exit status, and whether the store and the snapshot stayed as they were.
"""
import glob
import hashlib
import json
import os
import resource
import shutil
import subprocess
import sys
import time

BIN, OUT, ROOT = sys.argv[1:4]
HOME = os.path.join(OUT, "net-home")
shutil.rmtree(HOME, ignore_errors=True)
env = dict(os.environ,
           XDG_DATA_HOME=f"{HOME}/data", XDG_STATE_HOME=f"{HOME}/state", XDG_CONFIG_HOME=f"{HOME}/config",
           XDG_CACHE_HOME=f"{HOME}/cache", XDG_RUNTIME_DIR=f"{HOME}/runtime", TZ="UTC", LANG="C.UTF-8",
           DOSE_PROVIDER_KEY="bench-key")
os.makedirs(env["XDG_RUNTIME_DIR"], mode=0o700)
results = {}


def run(argv, extra=None):
    """Runs a command to its end; returns (status, cpu ms, peak RSS KiB, stdout+stderr)."""
    process = subprocess.Popen(argv, env=dict(env, **(extra or {})), stdout=subprocess.PIPE,
                               stderr=subprocess.STDOUT, stdin=subprocess.DEVNULL)
    output = process.stdout.read()
    _, status, usage = os.wait4(process.pid, 0)
    process.returncode = os.waitstatus_to_exitcode(status)
    cpu = (usage.ru_utime + usage.ru_stime) * 1000
    return process.returncode, cpu, usage.ru_maxrss, output.decode("utf-8", "replace")


def run_waiting(argv, extra=None):
    """Runs a command that waits ~5 s on the server; returns (status, CPU ms inside the wait, CPU ms in all)."""
    process = subprocess.Popen(argv, env=dict(env, **(extra or {})), stdout=subprocess.DEVNULL,
                               stderr=subprocess.DEVNULL, stdin=subprocess.DEVNULL)
    time.sleep(1.0)
    first = cpu_nanoseconds(process.pid)
    time.sleep(3.5)
    waited = (cpu_nanoseconds(process.pid) - first) / 1e6
    _, status, usage = os.wait4(process.pid, 0)
    return os.waitstatus_to_exitcode(status), waited, (usage.ru_utime + usage.ru_stime) * 1000


def cpu_nanoseconds(pid):
    """The run time of every thread of pid so far (schedstat's first field), in nanoseconds."""
    total = 0
    for path in glob.glob(f"/proc/{pid}/task/*/schedstat"):
        try:
            total += int(open(path).read().split()[0])
        except (OSError, ValueError, IndexError):
            pass
    return total


def dose(*arguments, extra=None):
    return run([f"{BIN}/dose", *arguments], extra)


def median(values):
    values = sorted(values)
    return values[len(values) // 2]


def fingerprint():
    """The store and the snapshot, byte for byte (a failed transfer must change neither)."""
    digest = hashlib.sha256()
    for path in (f"{HOME}/data/daily-dose/dose.sqlite3", f"{HOME}/state/daily-dose/snapshot.json"):
        with open(path, "rb") as f:
            digest.update(f.read())
    return digest.hexdigest()


port_file = f"{OUT}/hostile.port"
if os.path.exists(port_file):
    os.remove(port_file)
server = subprocess.Popen(["/usr/bin/python3", f"{ROOT}/tests/support/hostile_http.py", "--port-file", port_file,
                           "--log", f"{OUT}/hostile.log", "--pack", f"{ROOT}/content/sample-pack.json"],
                          stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
try:
    for _ in range(100):
        if os.path.exists(port_file):
            break
        time.sleep(0.05)
    base = f"http://127.0.0.1:{open(port_file).read().strip()}"
    assert dose("import", f"{ROOT}/content/sample-pack.json")[0] == 0

    # CPU while waiting 5 s: the server says nothing for 5 s, then redirects to the pack (sync) or
    # answers (the provider: an unusable answer, a failed attempt; the wait is what is measured).
    waits = {"curl": [], "sync": [], "learn": []}
    for attempt in range(3):
        waits["curl"].append(run_waiting(["curl", "-s", "-L", "-o", "/dev/null", f"{base}/delay/5/pack"]))
        waits["sync"].append(run_waiting([f"{BIN}/dose", "sync", f"{base}/delay/5/pack"]))
        assert waits["sync"][-1][0] == 0, f"dose sync failed: {waits['sync'][-1]}"
    assert dose("config", "set", "provider.url", f"{base}/slow-headers/5/v1")[0] == 0
    assert dose("config", "set", "provider.model", "bench")[0] == 0
    for attempt in range(3):
        dose("learn", "tick", "Bench", f"Waiting {attempt}")
        waits["learn"].append(run_waiting([f"{BIN}/dose", "learn", "run"]))
        dose("learn", "untick", "Bench", f"Waiting {attempt}")
    for name, runs in waits.items():
        results[f"wait_{name}_cpu_in_wait_ms"] = f"{median([r[1] for r in runs]):.2f}"
        results[f"wait_{name}_cpu_total_ms"] = f"{median([r[2] for r in runs]):.1f}"

    # Hostile bodies: each ends at its cap or deadline; nothing stored changes.
    assert dose("config", "set", "sync-timeout", "20")[0] == 0
    for name, path in (("endless", "endless"), ("bomb", "gzip-bomb"), ("trickle", "slow-body/10")):
        before = fingerprint()
        started = time.monotonic()
        status, cpu, rss, output = dose("sync", f"{base}/{path}")
        results[f"sync_{name}"] = json.dumps({
            "status": status, "rss_kib": rss, "seconds": round(time.monotonic() - started, 1),
            "unchanged": fingerprint() == before, "message": output.strip().splitlines()[-1][:160]})
    assert dose("config", "set", "provider.url", f"{base}/endless/v1")[0] == 0
    for name, path in (("endless", "endless"), ("bomb", "gzip-bomb"), ("trickle", "slow-body/10")):
        assert dose("config", "set", "provider.url", f"{base}/{path}/v1")[0] == 0
        dose("learn", "tick", "Bench", f"Hostile {name}")
        before = fingerprint()
        started = time.monotonic()
        status, cpu, rss, output = dose("learn", "run", extra={"DOSE_PROVIDER_TIMEOUT": "20"})
        results[f"provider_{name}"] = json.dumps({
            "status": status, "rss_kib": rss, "seconds": round(time.monotonic() - started, 1),
            "message": next((line for line in reversed(output.splitlines()) if "failed" in line), "")[:200]})
        dose("learn", "untick", "Bench", f"Hostile {name}")
    # The floor each of those adds to: the same command failing at once (nothing listens on port 9).
    results["sync_floor_rss_kib"] = dose("sync", "http://127.0.0.1:9/pack.json")[2]
    assert dose("config", "set", "provider.url", "http://127.0.0.1:9/v1")[0] == 0
    dose("learn", "tick", "Bench", "Floor")
    results["provider_floor_rss_kib"] = dose("learn", "run")[2]
finally:
    server.terminate()
    server.wait()

with open(f"{OUT}/network.txt", "w") as f:
    for key, value in results.items():
        f.write(f"{key}={value}\n")
print("\n".join(f"{k}={v}" for k, v in results.items()))
