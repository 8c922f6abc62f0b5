#!/usr/bin/python3
"""The baseline for `dose-notify --dry-run`: reads the same snapshot and applies docs/resolver.md.

Usage: resolve.py SNAPSHOT [--date YYYY-MM-DD] [--branch XX]   prints the id of the day's dose.
"""
import datetime
import json
import sys

KINDS = ["fact", "formula", "question"]


def shuffle(n):
    state, a = n, list(range(n))
    for i in range(n - 1, 0, -1):
        state = (1103515245 * state + 12345) % (1 << 31)
        j = (state * (i + 1)) >> 31
        a[i], a[j] = a[j], a[i]
    return a


def resolve(items, branch, date):
    if branch:
        items = [it for it in items if not it.get("tags") or branch in it["tags"]]
    day = date.toordinal() - datetime.date(1970, 1, 1).toordinal()
    k0, cycle = day % 3, day // 3  # Python's % and // are floor operations
    for t in range(3):
        kind = KINDS[(k0 + t) % 3]
        s = sorted((it for it in items if it["kind"] == kind),
                   key=lambda it: (it.get("sortKey", 0), it["id"].encode("utf-8"), it["text"].encode("utf-8")))
        if s:
            return s[shuffle(len(s))[cycle % len(s)]]
    return None


def main():
    args = sys.argv[1:]
    path, date, branch = args[0], datetime.date.today(), None
    if "--date" in args:
        date = datetime.date.fromisoformat(args[args.index("--date") + 1])
    if "--branch" in args:
        branch = args[args.index("--branch") + 1].strip().upper()
    with open(path, encoding="utf-8") as f:
        snapshot = json.load(f)
    if snapshot.get("format") != "daily-dose-snapshot/1" or snapshot.get("count") != len(snapshot["items"]):
        sys.exit("resolve.py: not a valid snapshot")
    item = resolve(snapshot["items"], branch, date)
    if item is None:
        sys.exit(1)
    print(item["id"])


if __name__ == "__main__":
    main()
