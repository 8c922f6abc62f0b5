#!/usr/bin/env bash
# A formula that would freeze the dose page (CVE-2024-28243: Debian's KaTeX 0.16.4 does not count \edef
# against maxExpand) is refused by validation, naming item and field; a formula that passes validation and
# is expansion- or nesting-heavy renders in headless Chromium for at most 2 s more CPU than a plain one (CPU
# time of Chromium and its renderers: it holds on a machine busy with other scenarios, where wall time did
# not). Control: the same CVE formula put into the store around the validator really does keep Chromium busy
# past 10 s.
source "$(dirname "$0")/lib.sh"

python3 - "$work" <<'PY'
import json, sys
work = sys.argv[1]
# 193 characters: each \edef quadruples \a (4^8 tokens, uncounted), then \a is used 24 times.
bomb = r"\def\a{x}" + r"\edef\a{\a\a\a\a}" * 8 + r"\a" * 24
nesting = r"\sqrt{" * 60 + "x" + "}" * 60 + " " + r"\frac{1}{" * 40 + "x" + "}" * 40
expansion = ""
while len(expansion) < 3900:
    expansion += r"\iff\dotsb\implies\colonequals "  # built-in macros: KaTeX's maxExpand stops them
items = [{"id": "plain", "kind": "formula", "text": "E = mc^2"},
         {"id": "nesting", "kind": "formula", "text": nesting},
         {"id": "expansion", "kind": "formula", "text": expansion[:3900]},
         {"id": "prose", "kind": "fact", "text": "Inline $" + nesting + "$ and $" + expansion[:1500] + "$."}]
json.dump({"format": "daily-dose-pack/1", "items": items}, open(work + "/heavy.json", "w"))
json.dump({"format": "daily-dose-pack/1", "items": [{"id": "bomb", "kind": "formula", "text": bomb}]},
          open(work + "/bomb.json", "w"))
open(work + "/bomb.txt", "w").write(bomb)
PY
expect "the CVE formula is 193 characters" test "$(wc -c <"$work/bomb.txt")" -eq 193

set +e
dose validate "$work/bomb.json" 2>"$art/validate.err"
status=$?
set -e
cat "$art/validate.err"
expect "validate refuses the CVE formula (exit 65)" test "$status" -eq 65
expect "the refusal names item, field and command" \
    grep -q 'item "bomb" (#0), field "text": text uses \\def, which defines a macro' "$art/validate.err"
expect "import refuses it too, nothing imported" bash -c "! '$DOSE_BIN/dose' import '$work/bomb.json' 2>/dev/null"

dose import "$work/heavy.json"
chromium_flags=(--headless --no-sandbox --disable-gpu --no-first-run --disable-extensions
                --virtual-time-budget=5000 --user-data-dir="$work/chromium")
# CPU milliseconds Chromium and its renderers spend loading and rendering a page (the DOM goes to $2); 0 when
# killed at $3 s of wall time.
render_ms() { # render_ms PAGE DOM_OUT LIMIT_SECONDS
    /usr/bin/python3 "$DOSE_ROOT/tests/support/cpu_cost.py" "$3" "$2" \
        chromium "${chromium_flags[@]}" --dump-dom "file://$1" 2>>"$art/chromium.log"
}
for id in plain nesting expansion prose; do
    cp "$(dose open "$id" --print-path --no-launch)" "$work/$id.html"
done
render_ms "$work/plain.html" /dev/null 60 >/dev/null  # warm-up: first start pays for the profile
plain=$(render_ms "$work/plain.html" "$art/plain.dom" 60)
log "plain formula: $plain ms of CPU"
expect "the plain page rendered" grep -q 'data-rendered="true"' "$art/plain.dom"
for id in nesting expansion prose; do
    ms=$(render_ms "$work/$id.html" "$art/$id.dom" 60)
    log "$id: $ms ms of CPU ($(grep -o 'katex-error' "$art/$id.dom" | wc -l) KaTeX error spans)"
    expect "$id: the render script ran" grep -q 'data-rendered="true"' "$art/$id.dom"
    expect "$id: rendered for at most 2 s more CPU than the plain page" test "$ms" -gt 0 -a "$ms" -le $(( plain + 2000 ))
done
expect "KaTeX's own maxExpand stopped the built-in macros" grep -q 'Too many expansions' "$art/expansion.dom"
expect "the nested formula rendered without error" bash -c "! grep -q katex-error '$art/nesting.dom'"

# Control: the CVE formula written into the store around the validator freezes the page.
sqlite3 "$XDG_DATA_HOME/daily-dose/dose.sqlite3" "UPDATE items SET text = CAST(readfile('$work/bomb.txt') AS TEXT) WHERE id = 'plain'"
cp "$(dose open plain --print-path --no-launch)" "$work/bomb.html"
expect "the control page carries the formula" grep -qF 'edef' "$work/bomb.html"
ms=$(render_ms "$work/bomb.html" "$art/bomb.dom" 10)
expect "control: the unvalidated CVE formula keeps Chromium busy past 10 s" test "$ms" -eq 0
log "done"
