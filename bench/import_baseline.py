#!/usr/bin/python3
"""The baseline for `dose import`: json.load the pack, insert every item into SQLite in one transaction.

Usage: import_baseline.py PACK DB   (the same work without validation, to put items/s in proportion)."""
import json
import sqlite3
import sys

with open(sys.argv[1], encoding="utf-8") as f:
    pack = json.load(f)
db = sqlite3.connect(sys.argv[2])
db.execute("CREATE TABLE IF NOT EXISTS item (id TEXT PRIMARY KEY, kind TEXT, sort_key INTEGER, tags TEXT,"
           " title TEXT, text TEXT, answer TEXT, explanation TEXT)")
with db:
    db.execute("DELETE FROM item")
    db.executemany("INSERT INTO item VALUES (?,?,?,?,?,?,?,?)",
                   [(i["id"], i["kind"], i.get("sortKey", 0), ",".join(i.get("tags", [])), i.get("title"),
                     i["text"], i.get("answer"), i.get("explanation")) for i in pack["items"]])
db.close()
