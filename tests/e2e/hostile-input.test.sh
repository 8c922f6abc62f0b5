#!/usr/bin/env bash
# Hostile pack bytes: a 5 MB text field, a 60 MiB field (parsed in full), a 70 MiB pack (over the 64 MiB limit), invalid UTF-8 (C3 28, FF),
# 100,000 nested `[`, a sortKey of 1e999999, NUL (escaped and raw). `dose validate` and `dose import`
# each exit 65 with an error naming the item and field (or the line and column), the pool imported before
# stays (snapshot digest and `dose today`), and the maximum resident memory (GNU time) stays under
# 10 × the input size + 50 MB.
source "$(dirname "$0")/lib.sh"
command -v /usr/bin/time >/dev/null || fail "GNU time is missing (scripts/install-deps.sh installs the package time)"

snapshot="$XDG_STATE_HOME/daily-dose/snapshot.json"
digest_of() { sed -n 's/^ *"poolDigest": "\(.*\)",$/\1/p' "$snapshot"; }

python3 - "$work" <<'PY'
import json, sys
work = sys.argv[1]
def item(**fields):
    return {"id": "hostile-1", "kind": "fact", "title": "Title", "text": "Text", **fields}
def pack(*items):
    return json.dumps({"format": "daily-dose-pack/1", "items": list(items)}).encode()
def write(name, data):
    open(f"{work}/{name}.json", "wb").write(data)
marked = pack(item(title="MARK"))
write("megabyte-field", pack(item(text="a" * 5_000_000)))
write("utf8-c3-28", marked.replace(b"MARK", b"x\xc3\x28y"))
write("utf8-ff", marked.replace(b"MARK", b"x\xffy"))
write("deep-nesting", b'{"format": "daily-dose-pack/1", "items": ' + b"[" * 100_000 + b"]" * 100_000 + b"}")
write("huge-number", pack(item(sortKey=7)).replace(b'"sortKey": 7', b'"sortKey": 1e999999'))
write("nul-escaped", marked.replace(b"MARK", b"x\\u0000y"))
write("nul-raw", marked.replace(b"MARK", b"x\x00y"))
# One text field of 60 MiB (under the 64 MiB pack limit, so parsed in full) and of 70 MiB (over it).
for name, mebibytes in (("near-limit", 60), ("oversized", 70)):
    with open(f"{work}/{name}.json", "wb") as out:
        out.write(b'{"format": "daily-dose-pack/1", "items": [{"id": "hostile-1", "kind": "fact", "title": "T", "text": "')
        block = b"a" * (1 << 20)
        for _ in range(mebibytes):
            out.write(block)
        out.write(b'"}]}')
PY

# What each file's error must say: the item and field, or the position, or the limit.
declare -A expected=(
    [megabyte-field]='item "hostile-1" (#0), field "text": text is 5000000 characters long'
    [utf8-c3-28]='line 1, column [0-9]*: invalid UTF-8'
    [utf8-ff]='line 1, column [0-9]*: invalid UTF-8'
    [deep-nesting]='line 1, column [0-9]*: nesting deeper than 32'
    [huge-number]='item "hostile-1" (#0), field "sortKey": sortKey 1e999999 is not an integer'
    [nul-escaped]='item "hostile-1" (#0), field "title": title contains control character U+0000'
    [nul-raw]='line 1, column [0-9]*: control character U+0000'
    [near-limit]='item "hostile-1" (#0), field "text": text is 62914560 characters long'
    [oversized]='oversized.json: larger than 67108864 bytes'
)

dose import "$DOSE_ROOT/content/sample-pack.json" >/dev/null
old=$(digest_of)
old_today=$(dose today --date 2026-06-01 2>&1)
[ -n "$old" ] || fail "no snapshot after the first import"

max_rss_kb() { sed -n 's/^[[:space:]]*Maximum resident set size (kbytes): //p' "$1"; }
for name in megabyte-field utf8-c3-28 utf8-ff deep-nesting huge-number nul-escaped nul-raw near-limit oversized; do
    file="$work/$name.json"
    size_kb=$(( $(stat -c %s "$file") / 1024 ))
    limit_kb=$(( size_kb * 10 + 50 * 1024 ))
    for command in validate import; do
        status=0
        /usr/bin/time -v -o "$work/time.txt" "$DOSE_BIN/dose" "$command" "$file" >"$work/out.txt" 2>"$work/err.txt" || status=$?
        cp "$work/err.txt" "$art/$name-$command.err"
        rss=$(max_rss_kb "$work/time.txt")
        [ -n "$rss" ] && [ "$rss" -gt 0 ] || fail "$name: no memory figure from GNU time"
        log "$command $name ($size_kb KiB): exit $status, max RSS $rss KiB (limit $limit_kb): $(head -1 "$work/err.txt" | cut -c1-160)"
        expect "$command $name: exit 65" test "$status" -eq 65
        expect "$command $name: a clear error" grep -q "${expected[$name]}" "$work/err.txt"
        expect "$command $name: memory bounded" test "$rss" -lt "$limit_kb"
        expect "$command $name: the old pool stays" test "$(digest_of)" = "$old"
    done
done
expect "the day's dose is unchanged" test "$(dose today --date 2026-06-01 2>&1)" = "$old_today"

# Control: a valid import does change the pool, so the "old pool stays" checks could fail.
python3 "$DOSE_ROOT/bench/gen_pack.py" 10 "$work/valid.json"
dose import "$work/valid.json" >/dev/null
expect "control: a valid import replaces the pool" test "$(digest_of)" != "$old"
log "done"
