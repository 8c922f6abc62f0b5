#!/usr/bin/python3
"""The app's table in docs/performance.md from bench/app.py's results: app_report.py RESULTS_DIR OUT.md

Writes between <!-- bench-app:start --> and <!-- bench-app:end --> (appended under a heading when the
markers are not there yet) and prints the same table. Every figure of the app is a ratio against the C
baseline measured in the same run; without the app the baseline's figures stand alone and each target
says the app is missing.
"""
import json
import os
import sys

out_dir, target = sys.argv[1], sys.argv[2]
results = json.load(open(os.path.join(out_dir, "app-bench.json")))
env = dict(line.rstrip("\n").split("=", 1) for line in open(os.path.join(out_dir, "env.txt")) if "=" in line)
START, END = "<!-- bench-app:start -->", "<!-- bench-app:end -->"
LIMITS = {"launch": 1.3, "memory": 1.1, "idle": 1.0}
RENDERER = {"cairo": "GSK_RENDERER=cairo", "default": "GTK's default renderer (GL, software on this machine)"}


def mib(kib):
    return f"{kib / 1024:.0f} MiB"


rows = []
notes = []
for renderer, programs in results["renderers"].items():
    base, app = programs.get("baseline", {}), programs.get("app")
    label = RENDERER[renderer]
    if "ready_median_ms" not in base:
        rows.append((f"baseline, {label}", "failed: " + "; ".join(base.get("errors", [])), "—", "FAIL"))
        continue
    if app is not None and "ready_median_ms" not in app:
        rows.append((f"app, {label}", "failed: " + "; ".join(app.get("errors", [])), "—", "FAIL"))
        app = None
    def idle_text(data):
        # The median of the idle runs with their spread: the floor's own spread says what is noise.
        spread = data["idle_switches_all"]
        return f"{data['idle_switches']:g} context switches ({min(spread)}–{max(spread)})"

    # key: (target, value of a program's results, its text)
    figures = {
        "launch": ("launch → card drawn ≤ 1.3× the baseline", lambda d: d["ready_median_ms"],
                   lambda d: f"{d['ready_median_ms']:.0f} ms"),
        "memory": ("memory of the process and its WebKit processes (summed RSS) ≤ 1.1× the baseline",
                   lambda d: d["rss_median_kib"],
                   lambda d: f"{mib(d['rss_median_kib'])} (PSS {mib(d['pss_median_kib'])}, private {mib(d['private_median_kib'])})"),
        "idle": (f"idle wake-ups over {results['idle_seconds']} s ≤ the baseline", lambda d: d["idle_switches"],
                 idle_text),
    }
    for key, (what, value, show) in figures.items():
        name = f"{what}, {label}"
        if results["app_missing"]:
            rows.append((name, f"app missing; baseline {show(base)}", "—", "—"))
            continue
        base_value, app_value = value(base), value(app)
        if base_value == 0:
            ratio_text, verdict = ("0/0" if app_value == 0 else f"{app_value:g}/0"), app_value <= 0
        else:
            ratio = app_value / base_value
            ratio_text, verdict = f"{ratio:.2f}×", ratio <= LIMITS[key]
        rows.append((name, f"app {show(app)}, baseline {show(base)}", ratio_text, "PASS" if verdict else "MISS"))
    closes = [("baseline", base)] + ([("app", app)] if app else [])
    for who, data in closes:
        if who == "baseline" and not results["app_missing"]:
            continue
        rows.append((f"closing the window ends the {'app' if who == 'app' else 'baseline'} and its WebKit processes, {label}",
                     f"exit after {', '.join(str(ms) for ms in data['exit_ms'])} ms" if data["closed"] else "did not end",
                     "—", "PASS" if data["closed"] else "FAIL"))

# What the renderer choice saves, per program.
def parts_text(data):
    return ", ".join(f"{name} {mib(kib['rss'])}/{mib(kib['private'])}"
                     for name, kib in sorted(data["parts_kib"].items(), key=lambda p: -p[1]["rss"]))


for who in ("baseline", "app"):
    cairo = results["renderers"].get("cairo", {}).get(who, {})
    default = results["renderers"].get("default", {}).get(who, {})
    if "rss_median_kib" in cairo and "rss_median_kib" in default:
        saved = {key: default[f"{key}_median_kib"] - cairo[f"{key}_median_kib"] for key in ("rss", "private", "pss")}
        notes.append(f"- {who}: summed RSS {mib(default['rss_median_kib'])} with the default renderer, "
                     f"{mib(cairo['rss_median_kib'])} with cairo: cairo saves {mib(saved['rss'])} "
                     f"({saved['rss'] / default['rss_median_kib'] * 100:.0f} %); private memory "
                     f"{mib(default['private_median_kib'])} → {mib(cairo['private_median_kib'])} (saves "
                     f"{mib(saved['private'])}); PSS {mib(default['pss_median_kib'])} → {mib(cairo['pss_median_kib'])}.")
        notes.append(f"  Per process, RSS/private: default {parts_text(default)}; cairo {parts_text(cairo)}.")
        notes.append(f"  Launch → ready: {default['ready_median_ms']:.0f} ms default, {cairo['ready_median_ms']:.0f} ms cairo "
                     f"(runs: {default['ready_ms']} / {cairo['ready_ms']}).")

lines = [START, "",
         f"Measured by `make bench-app` (GTK {env.get('gtk', '?')}, WebKitGTK {env.get('webkit', '?')}; {env.get('cpu', '?')}, "
         f"{env.get('cores', '?')} cores, shared; {'no GPU (/dev/dri absent)' if not env.get('gl') else 'a GPU'}; Xvfb, "
         f"GDK_BACKEND=x11). Median of {results['runs']} launches per program and renderer, alternating app and "
         f"baseline, after one unmeasured launch each; memory {results['settle_seconds']:g} s after ready; idle from "
         f"{results.get('idle_settle_seconds', results['settle_seconds']):g} s after ready, median of {results.get('idle_runs', 1)} windows.",
         ""]
if results["app_missing"]:
    lines += ["**The app is missing** (Package.swift declares no `daily-dose` product yet): the baseline ran alone; "
              "the ratios come with the app.", ""]
lines += ["| target | measured | ratio | verdict |", "|---|---|---|---|"]
lines += [f"| {a} | {b} | {c} | {d} |" for a, b, c, d in rows]
lines += ["", "What the renderer choice saves (the whole tree, medians):", ""] + notes + ["", END]
block = "\n".join(lines)
print(block)

text = open(target).read() if os.path.exists(target) else ""
if START in text and END in text:
    text = text[:text.index(START)] + block + text[text.index(END) + len(END):]
else:
    text = text.rstrip("\n") + "\n\n## The desktop app against a C baseline (`make bench-app`)\n\n" + block + "\n"
open(target, "w").write(text)
