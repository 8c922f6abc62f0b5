#!/usr/bin/env python3
"""Wake-ups of `dose daemon` with a provider request out: wakeups.py BIN OUT_DIR ROOT — writes OUT_DIR/wakeups.txt.

Run alone: `/usr/bin/python3 bench/wakeups.py .build/release build/bench-wakeups .` (after `make release`).

The daemon gets a ticked topic and a provider that accepts the request and then says nothing
(tests/support/hostile_http.py's /slow-headers/3600 on loopback). Beside it, in the same run and over the
same window, `curl` waits on the same silence with the same low-speed rule (`--speed-limit 1 --speed-time T`,
T the provider's low-speed time: half of DOSE_PROVIDER_TIMEOUT, as docs/learning.md sets it). A wake-up is
a context switch: every thread's voluntary and non-voluntary switches from /proc/PID/task/*/status, summed
over the window (an idle thread switches out once per sleep). The figure is the daemon's rate over curl's.

The measurement counts only while the request is really out: the server's log must show exactly one
request from the daemon, made before the window opens, and none after it (no retry, so no backoff), and
the daemon must still hold a connection to the server when the window closes.
"""
import glob
import json
import os
import shutil
import subprocess
import sys
import time

BIN, OUT, ROOT = sys.argv[1:4]
os.makedirs(OUT, exist_ok=True)
HOME = os.path.join(OUT, "wakeups-home")
shutil.rmtree(HOME, ignore_errors=True)
WINDOW = int(os.environ.get("BENCH_WAIT_SECONDS", "20"))
# The provider's deadline: its low-speed time (half of it) must outlast the settling and the window.
TIMEOUT = 4 * (WINDOW + 10)
SPEED_TIME = TIMEOUT // 2
env = dict(os.environ,
           XDG_DATA_HOME=f"{HOME}/data", XDG_STATE_HOME=f"{HOME}/state", XDG_CONFIG_HOME=f"{HOME}/config",
           XDG_CACHE_HOME=f"{HOME}/cache", XDG_RUNTIME_DIR=f"{HOME}/runtime", TZ="UTC", LANG="C.UTF-8",
           DOSE_PROVIDER_KEY="bench-key", DOSE_PROVIDER_TIMEOUT=str(TIMEOUT))
os.makedirs(env["XDG_RUNTIME_DIR"], mode=0o700)


def dose(*arguments):
    return subprocess.run([f"{BIN}/dose", *arguments], env=env, stdout=subprocess.DEVNULL,
                          stderr=subprocess.STDOUT, stdin=subprocess.DEVNULL, timeout=60).returncode


def switches(pid):
    """Context switches (voluntary + non-voluntary) of every thread of pid so far, per thread id."""
    counts = {}
    for status in glob.glob(f"/proc/{pid}/task/*/status"):
        try:
            fields = dict(line.split(":", 1) for line in open(status) if "ctxt_switches" in line)
        except OSError:
            continue
        counts[status.split("/")[4]] = sum(int(v) for v in fields.values())
    return counts


def added(before, after):
    """The switches between two readings; a thread that ended meanwhile counts what it had at `before` as gone."""
    return sum(after[t] - before.get(t, 0) for t in after)


def requests(log, marker):
    """The server's log lines whose path contains marker."""
    if not os.path.exists(log):
        return []
    return [entry for entry in map(json.loads, open(log)) if marker in entry["path"]]


def connected(pid, port):
    """Whether pid holds an established TCP connection to 127.0.0.1:port (its sockets' inodes in /proc/net/tcp)."""
    inodes = set()
    for fd in glob.glob(f"/proc/{pid}/fd/*"):
        try:
            target = os.readlink(fd)
        except OSError:
            continue
        if target.startswith("socket:["):
            inodes.add(target[8:-1])
    wanted = f"0100007F:{port:04X}"
    for line in open("/proc/net/tcp").read().splitlines()[1:]:
        fields = line.split()
        if fields[2] == wanted and fields[3] == "01" and fields[9] in inodes:
            return True
    return False


def wait_for(condition, seconds, what):
    deadline = time.monotonic() + seconds
    while not condition():
        if time.monotonic() > deadline:
            sys.exit(f"wakeups: {what} within {seconds} s")
        time.sleep(0.1)


port_file, log = f"{OUT}/wakeups-server.port", f"{OUT}/wakeups-server.log"
for path in (port_file, log):
    if os.path.exists(path):
        os.remove(path)
server = subprocess.Popen(["/usr/bin/python3", f"{ROOT}/tests/support/hostile_http.py", "--port-file", port_file,
                           "--log", log], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
children = [server]
try:
    wait_for(lambda: os.path.exists(port_file) and open(port_file).read().strip(), 10, "the server did not start")
    port = int(open(port_file).read().strip())
    base = f"http://127.0.0.1:{port}"
    assert dose("import", f"{ROOT}/content/sample-pack.json") == 0
    assert dose("config", "set", "provider.url", f"{base}/slow-headers/3600/daemon/v1") == 0
    assert dose("config", "set", "provider.model", "bench") == 0
    assert dose("learn", "tick", "Bench", "Silent") == 0
    daemon = subprocess.Popen([f"{BIN}/dose", "daemon"], env=env, stdout=subprocess.DEVNULL,
                              stderr=open(f"{OUT}/wakeups-daemon.log", "w"), stdin=subprocess.DEVNULL)
    children.append(daemon)
    curl = subprocess.Popen(["curl", "-s", "-o", "/dev/null", "--speed-limit", "1", "--speed-time", str(SPEED_TIME),
                             "--max-time", str(TIMEOUT), f"{base}/slow-headers/3600/curl"], stdin=subprocess.DEVNULL)
    children.append(curl)
    wait_for(lambda: requests(log, "/daemon/") and requests(log, "/curl"), 30, "the daemon or curl sent no request")
    wait_for(lambda: connected(daemon.pid, port) and connected(curl.pid, port), 10, "no connection held")
    time.sleep(3)  # past start-up: the planning pass and the first file-monitor events done
    opened = time.time()
    before = {"daemon": switches(daemon.pid), "curl": switches(curl.pid)}
    started = time.monotonic()
    time.sleep(WINDOW)
    after = {"daemon": switches(daemon.pid), "curl": switches(curl.pid)}
    seconds = time.monotonic() - started
    daemon_requests = requests(log, "/daemon/")
    out = {"daemon": connected(daemon.pid, port), "curl": connected(curl.pid, port)}
    if len(daemon_requests) != 1 or daemon_requests[0]["time"] >= opened:
        sys.exit(f"wakeups: the daemon's requests were {daemon_requests}: not one request out over the window")
    if not all(out.values()) or daemon.poll() is not None or curl.poll() is not None:
        sys.exit(f"wakeups: a request was no longer out when the window closed ({out})")
    rates = {name: added(before[name], after[name]) / seconds for name in before}
    results = {
        "daemon_switches_per_s": f"{rates['daemon']:.2f}", "daemon_threads": len(after["daemon"]),
        "curl_switches_per_s": f"{rates['curl']:.2f}", "curl_threads": len(after["curl"]),
        "window_seconds": f"{seconds:.1f}", "speed_time": SPEED_TIME, "daemon_requests": len(daemon_requests),
        "ratio": f"{rates['daemon'] / rates['curl']:.2f}" if rates["curl"] else "inf",
    }
finally:
    for child in reversed(children):
        child.terminate()
        try:
            child.wait(timeout=10)
        except subprocess.TimeoutExpired:
            child.kill()
            child.wait()

text = "".join(f"{key}={value}\n" for key, value in results.items())
with open(f"{OUT}/wakeups.txt", "w") as f:
    f.write(text)
print(text, end="")
