#!/usr/bin/python3
"""Turns build/bench/ into the table of docs/performance.md: report.py RESULTS_DIR OUT.md"""
import json
import os
import sys

out_dir, target = sys.argv[1], sys.argv[2]


def means(name):
    path = os.path.join(out_dir, name)
    if not os.path.exists(path):
        return None
    with open(path) as f:
        return {r["command"]: r["mean"] for r in json.load(f)["results"]}


def kv(name):
    values = {}
    path = os.path.join(out_dir, name)
    if os.path.exists(path):
        for line in open(path):
            if "=" in line:
                k, v = line.rstrip("\n").split("=", 1)
                values[k] = v
    return values


def ms(seconds):
    return f"{seconds * 1000:.1f} ms"


rows = []  # (target, measured, ratio, verdict)
detail = []
app_detail = []
sizes = [n for n in (100, 1000, 10000, 100000) if means(f"resolve-{n}.json")]
for n in sizes:
    r = means(f"resolve-{n}.json")
    imp = means(f"import-{n}.json")
    detail.append(f"| {n:,} | {ms(r['dry-run'])} | {ms(r['python'])} | {ms(r['cat'])} "
                  f"| {r['python'] / r['dry-run']:.2f}× faster | {r['dry-run'] / r['cat']:.1f}× | "
                  f"{ms(imp['import'])} ({n / imp['import']:,.0f} items/s) | {ms(imp['python-sqlite'])} "
                  f"| {imp['import'] / imp['python-sqlite']:.2f}× |")
    today, config, memory = means(f"today-{n}.json"), means(f"config-{n}.json"), kv(f"memory-{n}.txt")
    if today and config and memory:
        t, d = int(memory["today_kib"]), int(memory["dry_run_kib"])
        app_detail.append(f"| {n:,} | {ms(today['today'])} | {ms(today['dry-run'])} | {today['today'] / today['dry-run']:.2f}× "
                          f"| {t / 1024:.1f} / {d / 1024:.1f} MiB ({t / d:.2f}×) | {ms(config['config-set'])} "
                          f"| {ms(config['config-get'])} | {config['config-set'] / config['config-get']:.2f}× |")



def at_most(target, name, seconds, floor_name, floor_seconds, limit):
    """A row for "NAME takes at most LIMIT× FLOOR_NAME", both timed in the same run."""
    ratio = seconds / floor_seconds
    rows.append((target, f"{name} {ms(seconds)}, {floor_name} {ms(floor_seconds)}", f"{ratio:.2f}×", ratio <= limit))


fire = means("fire-1000.json")
if fire:
    at_most("fire path at 1,000 items ≤ 1.5× notify-send", "fire", fire["fire"], "notify-send", fire["notify-send"], 1.5)
if fire and means("resolve-1000.json"):
    at_most("dry-run at 1,000 items ≤ 1.5× notify-send", "dry-run", means("resolve-1000.json")["dry-run"],
            "notify-send", fire["notify-send"], 1.5)
big = means("resolve-100000.json")
if big:
    ratio = big["python"] / big["dry-run"]
    rows.append(("dry-run at 100,000 items ≥ 3× faster than Python",
                 f"dry-run {ms(big['dry-run'])}, Python {ms(big['python'])}", f"{ratio:.2f}× faster", ratio >= 3))
    ratio = big["dry-run"] / big["cat"]
    rows.append(("dry-run at 100,000 items within 10× of cat",
                 f"dry-run {ms(big['dry-run'])}, cat {ms(big['cat'])}", f"{ratio:.1f}×", ratio <= 10))
rest = kv("rest.txt")
if rest:
    s, c = int(rest["scheduler_switches"]), int(rest["c_switches"])
    rows.append((f"at rest over {rest['idle_seconds']} s: context switches ≤ the C libnotify program",
                 f"scheduler {s} ({rest['scheduler_threads']} threads seen), C {c} ({rest['c_threads']} threads seen)",
                 f"{s}/{max(c, 1)}", s <= c))
    rss = int(rest["scheduler_rss_kib"])
    rows.append((f"scheduler RSS after {rest['replans']} re-plans ≤ 10 MiB",
                 f"{rss / 1024:.1f} MiB (C program {int(rest['c_rss_kib']) / 1024:.1f} MiB)",
                 f"{rss / int(rest['c_rss_kib']):.2f}× the C program", rss <= 10 * 1024))
today = means("today-100000.json")
if today:
    at_most("`dose today` at 100,000 items ≤ 1.5× the dry-run", "today", today["today"], "dry-run", today["dry-run"], 1.5)
memory = kv("memory-100000.txt")
if memory:
    t, d = int(memory["today_kib"]), int(memory["dry_run_kib"])
    rows.append(("`dose today` peak RSS at 100,000 items ≤ 2× the dry-run's",
                 f"today {t / 1024:.1f} MiB, dry-run {d / 1024:.1f} MiB", f"{t / d:.2f}×", t <= 2 * d))
config = means("config-100000.json")
if config:
    at_most("`dose config set` on an unchanged 100,000-item pool ≤ 2× `config get` (it writes no snapshot)",
            "set", config["config-set"], "get", config["config-get"], 2)
startup = means("startup.json")
if startup:
    faults = kv("startup.txt")
    floor = startup["dose-notify-version"]
    floor_text = f"dose-notify --version {ms(floor)} ({faults.get('faults.dose-notify_--version', '?')} page faults)"
    for name, key, label, limit in (("dose-version", "faults.dose_--version", "`dose --version`", 1.3),
                                    ("dose-show", "faults.dose_show", "`dose show ID` (1,000 items)", 1.5)):
        ratio = startup[name] / floor
        lookup = (f"; `sqlite3` looking up the row {ms(startup['sqlite3-lookup'])}, {startup[name] / startup['sqlite3-lookup']:.2f}× it"
                  if name == "dose-show" and "sqlite3-lookup" in startup else "")
        rows.append((f"{label} ≤ {limit}× `dose-notify --version`",
                     f"{ms(startup[name])} ({faults.get(key, '?')} page faults); {floor_text}{lookup}", f"{ratio:.2f}×", ratio <= limit))
sizes = kv("startup.txt")
if "size.dose-stripped" in sizes:
    size = int(sizes["size.dose-stripped"])
    rows.append(("`dose` stripped ≤ 15 MB", f"{size / 1e6:.1f} MB (`dose-notify` {int(sizes['size.dose-notify-stripped']) / 1e6:.1f} MB)",
                 f"{size / 15e6:.2f}× the budget", size <= 15e6))
if "size.deb" in sizes:
    size = int(sizes["size.deb"])
    rows.append(("the .deb ≤ 6 MB", f"{size / 1e6:.2f} MB", f"{size / 6e6:.2f}× the budget", size <= 6e6))
network = kv("network.txt")
if network:
    for name, label in (("sync", "`dose sync`"), ("learn", "`dose learn run`")):
        inside, total = float(network[f"wait_{name}_cpu_in_wait_ms"]), float(network[f"wait_{name}_cpu_total_ms"])
        rows.append((f"{label} waiting 5 s on a slow server: CPU ≤ 20 ms (curl the floor)",
                     f"{inside:.2f} ms inside the wait, {total:.1f} ms for the whole command; curl "
                     f"{float(network['wait_curl_cpu_in_wait_ms']):.2f} ms / {float(network['wait_curl_cpu_total_ms']):.1f} ms",
                     f"{total / float(network['wait_curl_cpu_total_ms']):.2f}× curl in all", inside <= 20))
    for kind, limit, floor_key in (("sync", 80, "sync_floor_rss_kib"), ("provider", 20, "provider_floor_rss_kib")):
        cases = {case: json.loads(network[f"{kind}_{case}"]) for case in ("endless", "bomb", "trickle")}
        peak = max(case["rss_kib"] for case in cases.values())
        ended = all(case["status"] in (65, 75) for case in cases.values())
        unchanged = all(case.get("unchanged", True) for case in cases.values())
        detail_text = ", ".join(f"{case} {value['rss_kib'] / 1024:.1f} MiB (exit {value['status']}, {value['seconds']} s)"
                                for case, value in cases.items())
        rows.append((f"{kind}: endless body, gzip bomb, one byte per 10 s: peak RSS ≤ {limit} MB, ended by cap or deadline",
                     f"{detail_text}; the same command failing at once {int(network[floor_key]) / 1024:.1f} MiB"
                     + ("; store and snapshot unchanged" if kind == "sync" and unchanged else ""),
                     f"{peak * 1024 / (limit * 1e6):.2f}× the budget", peak * 1024 <= limit * 1e6 and ended and unchanged))
wakeups = kv("wakeups.txt")
if wakeups:
    daemon, floor = float(wakeups["daemon_switches_per_s"]), float(wakeups["curl_switches_per_s"])
    rows.append(("`dose daemon` with a provider request out, the provider silent: wake-ups/s ≤ curl's (same low-speed rule)",
                 f"daemon {daemon:.2f}/s ({wakeups['daemon_threads']} threads), curl {floor:.2f}/s, the same "
                 f"{wakeups['window_seconds']} s; the server saw {wakeups['daemon_requests']} request, no retry",
                 f"{wakeups['ratio']}×", daemon <= floor))
imp = means("import-100000.json")
if imp:
    rows.append(("import of 100,000 items < 2 s",
                 f"{ms(imp['import'])} ({100000 / imp['import']:,.0f} items/s; Python json+sqlite3 {ms(imp['python-sqlite'])})",
                 f"{imp['import'] / 2:.2f}× the budget", imp["import"] < 2))

env = kv("env.txt")
text = open(target).read() if os.path.exists(target) else ""
marker_start, marker_end = "<!-- bench:start -->", "<!-- bench:end -->"
table = [marker_start, "",
         f"Measured by `make bench` ({env.get('swift', '?')}; {env.get('cpu', '?')}, {env.get('cores', '?')} cores"
         ", shared). Every figure is a ratio against a baseline measured in the same run.", "",
         "| target | measured | ratio | verdict |", "|---|---|---|---|"]
table += [f"| {t} | {m} | {r} | {'PASS' if ok else 'MISS'} |" for t, m, r, ok in rows]
table += ["", "Per pool size (means of hyperfine runs):", "",
          "| items | dry-run | Python resolve.py | cat | dry-run vs Python | dry-run / cat | dose import | Python json+sqlite3 import | import / Python |",
          "|---|---|---|---|---|---|---|---|---|"] + detail
if app_detail:
    table += ["", "`dose today` against the dry-run (one hyperfine run), peak RSS (GNU time, largest of three), and a config",
              "change on the unchanged pool against `config get`:", "",
              "| items | dose today | dry-run | today / dry-run | peak RSS today / dry-run | config set | config get | set / get |",
              "|---|---|---|---|---|---|---|---|"] + app_detail
if "instructions" in env:
    table += ["", f"callgrind, one dry-run at 10,000 items: {int(env['instructions']):,} instructions."]
table += ["", marker_end]
block = "\n".join(table)
if marker_start in text:
    head, rest_text = text.split(marker_start, 1)
    text = head + block + rest_text.split(marker_end, 1)[1]
else:
    text = text + ("\n" if text else "") + block + "\n"
with open(target, "w") as f:
    f.write(text)
print("\n".join(f"{'PASS' if ok else 'MISS'}  {t}: {m} ({r})" for t, m, r, ok in rows))
