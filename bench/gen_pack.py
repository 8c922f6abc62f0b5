#!/usr/bin/python3
"""Writes a valid daily-dose-pack/1 with N generated items (deterministic): gen_pack.py N OUT."""
import json
import random
import sys

BRANCHES = ["CS", "EE", "ME", "CE", "EC", "CH"]
KINDS = ["fact", "formula", "question"]


def item(i, rng):
    kind = KINDS[i % 3]
    tags = sorted(rng.sample(BRANCHES, rng.choice([0, 0, 1, 2])))
    entry = {
        "id": f"{kind[0]}-{i:06d}-{rng.randrange(1 << 30):x}",
        "kind": kind,
        "sortKey": rng.randrange(-50, 50),
        "tags": tags,
        "title": f"Generated {kind} number {i}",
    }
    if kind == "formula":
        entry["text"] = f"E_{{{i}}} = \\frac{{1}}{{2}} m v^2 + \\alpha_{{{i % 7}}} \\sqrt{{x}}"
    else:
        entry["text"] = (f"Item {i}: the quantity $\\omega_{{{i % 10}}} = 2\\pi f$ relates angular "
                         f"and ordinary frequency; & < > are escaped in markup.")
    if kind == "question":
        entry["answer"] = f"Answer {i}: $x^{{{i % 5}}}$"
        entry["explanation"] = "Because the derivation says so."
    return entry


def main():
    n, out = int(sys.argv[1]), sys.argv[2]
    rng = random.Random(n)
    with open(out, "w", encoding="utf-8") as f:
        json.dump({"format": "daily-dose-pack/1", "items": [item(i, rng) for i in range(n)]}, f, ensure_ascii=False)


if __name__ == "__main__":
    main()
