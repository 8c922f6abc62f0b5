#!/usr/bin/env bash
# Formulas that would freeze or crash the dose page are refused by validation, naming item and field: the
# CVE-2024-28243 macro bomb (Debian's KaTeX 0.16.4 does not count \edef against maxExpand) and, since issue
# 19, maths past the structure bounds (ContentRules.MathLimits: 380 nested \frac, a few thousand characters,
# crashed Chromium's renderer). Formulas within the bounds that are expansion- or nesting-heavy render in
# headless Chromium for at most 2 s more CPU than a plain one (CPU time of Chromium and its renderers: it
# holds on a machine busy with other scenarios, where wall time did not). Put into the store around the
# validator, the same formulas are left as their source text by the page's render script, with the
# validator's bounds, field for field; control: the same pages with a render script that hands every
# formula straight to KaTeX (same options, no structure check) crash or keep Chromium busy past the limit.
source "$(dirname "$0")/lib.sh"

python3 - "$work" <<'PY'
import json, sys
work = sys.argv[1]
# 193 characters: each \edef quadruples \a (4^8 tokens, uncounted), then \a is used 24 times.
bomb = r"\def\a{x}" + r"\edef\a{\a\a\a\a}" * 8 + r"\a" * 24
# The issue's formula: 380 nested \frac, 3,801 characters (the text limit is 4,000).
deep = r"\frac{1}{" * 380 + "x" + "}" * 380
# At the nesting bound (32 groups), 547 characters.
nesting = r"\sqrt{" * 32 + "x" + "}" * 32 + " " + r"\frac{1}{" * 32 + "x" + "}" * 32
expansion = r"\iff\dotsb\implies\colonequals " * 64  # built-in macros, 1,984 characters: maxExpand stops them
def scripts(depth): return "x^{" * depth + "x" + "}" * depth
def spaced(scalars): return "x" + " " * (scalars - 2) + "y"  # a formula of few symbols and many characters
def atoms(count): return "x" * count
# Each bound at its limit, field by field, and one past it (MathLimits: depth 32, 2,000 characters and 500
# symbols a formula, 1,000 symbols a field).
at = {"id": "at", "kind": "question", "title": "$" + scripts(32) + "$", "text": "$" + spaced(2000) + "$",
      "answer": "$$" + atoms(500) + "$$", "explanation": " and ".join(["$" + atoms(500) + "$"] * 2)}
over = {"id": "over", "kind": "question", "title": "$" + scripts(33) + "$", "text": "$" + spaced(2001) + "$",
        "answer": "$$" + atoms(501) + "$$", "explanation": " and ".join(["$" + atoms(500) + "$"] * 3)}
items = [{"id": "plain", "kind": "formula", "text": "E = mc^2"},
         {"id": "nesting", "kind": "formula", "text": nesting},
         {"id": "expansion", "kind": "formula", "text": expansion},
         {"id": "prose", "kind": "fact", "text": "Inline $" + nesting + "$ and $" + expansion[:1500] + "$."},
         at]
pack = lambda items: {"format": "daily-dose-pack/1", "items": items}
json.dump(pack(items), open(work + "/heavy.json", "w"))
json.dump(pack([{"id": "bomb", "kind": "formula", "text": bomb}]), open(work + "/bomb.json", "w"))
json.dump(pack([{"id": "deep", "kind": "formula", "text": deep}]), open(work + "/deep.json", "w"))
json.dump(pack([over]), open(work + "/over.json", "w"))
# Placeholders the store gets the refused formulas into, around the validator.
json.dump(pack([{"id": i, "kind": k, "text": "t", **({"answer": "a"} if k == "question" else {})}
                for i, k in [("bomb", "formula"), ("deep", "formula"), ("over", "question")]]),
          open(work + "/placeholders.json", "w"))
for name, text in [("bomb", bomb), ("deep", deep)] + [("over-" + f, over[f]) for f in ("title", "text", "answer", "explanation")]:
    open(work + "/" + name + ".txt", "w").write(text)
PY
expect "the CVE formula is 193 characters" test "$(wc -c <"$work/bomb.txt")" -eq 193
expect "the nested formula is 3,801 characters" test "$(wc -c <"$work/deep.txt")" -eq 3801

# validate_problems PACK: validate's stderr (its exit status checked to be 65).
validate_problems() {
    local status=0
    dose validate "$1" 2>"$art/validate-$(basename "$1" .json).err" || status=$?
    cat "$art/validate-$(basename "$1" .json).err"
    test "$status" -eq 65
}
expect "validate refuses the CVE formula (exit 65)" validate_problems "$work/bomb.json"
expect "the refusal names item, field and command" \
    grep -q 'item "bomb" (#0), field "text": text uses \\def, which defines a macro' "$art/validate-bomb.err"
expect "validate refuses the nested formula (exit 65)" validate_problems "$work/deep.json"
expect "the refusal names item, field and the bound" \
    grep -q 'item "deep" (#0), field "text": text has a formula nested 380 deep .*; the limit is 32' "$art/validate-deep.err"
expect "validate refuses each field past a bound" validate_problems "$work/over.json"
expect "… naming each: title (depth), text (length), answer (symbols), explanation (the field's symbols)" bash -c "
    grep -q 'item \"over\" (#0), field \"title\": title has a formula nested 33 deep' '$art/validate-over.err' &&
    grep -q 'field \"text\": text has a formula of 2001 characters; the limit is 2000' '$art/validate-over.err' &&
    grep -q 'field \"answer\": answer has a formula of 501 symbols; the limit is 500' '$art/validate-over.err' &&
    grep -q 'field \"explanation\": explanation has 1500 symbols of mathematics; the limit is 1000' '$art/validate-over.err' &&
    test \$(grep -c 'item \"over\" (#0)' '$art/validate-over.err') -eq 4"
for pack in bomb deep over; do
    expect "import refuses $pack too, nothing imported" bash -c "! '$DOSE_BIN/dose' import '$work/$pack.json' 2>/dev/null"
done

dose import "$work/heavy.json"
chromium_flags=(--headless --no-sandbox --disable-gpu --no-first-run --disable-extensions
                --virtual-time-budget=5000 --user-data-dir="$work/chromium")
# CPU milliseconds Chromium and its renderers spend loading and rendering a page (the DOM goes to $2); 0 when
# killed at $3 s of wall time (a page that spins, or a renderer that crashed: headless Chromium then waits).
render_ms() { # render_ms PAGE DOM_OUT LIMIT_SECONDS
    /usr/bin/python3 "$DOSE_ROOT/tests/support/cpu_cost.py" "$3" "$2" \
        chromium "${chromium_flags[@]}" --dump-dom "file://$1" 2>>"$art/chromium.log"
}
page() { cp "$(dose open "$1" --print-path --no-launch)" "$work/$1.html"; }
for id in plain nesting expansion prose at; do page "$id"; done
render_ms "$work/plain.html" /dev/null 60 >/dev/null  # warm-up: first start pays for the profile
plain=$(render_ms "$work/plain.html" "$art/plain.dom" 60)
log "plain formula: $plain ms of CPU"
expect "the plain page rendered" grep -q 'data-rendered="true"' "$art/plain.dom"
# within_bound ID LIMIT_SECONDS: the page rendered, its script ran, at most 2 s more CPU than the plain page.
within_bound() {
    local ms
    ms=$(render_ms "$work/$1.html" "$art/$1.dom" "$2")
    log "$1: $ms ms of CPU ($(grep -o 'katex-error' "$art/$1.dom" | wc -l) KaTeX error spans, $(grep -o 'data-refused' "$art/$1.dom" | wc -l) left as source)"
    grep -q 'data-rendered="true"' "$art/$1.dom" && test "$ms" -gt 0 -a "$ms" -le $(( plain + 2000 ))
}
for id in nesting expansion prose at; do
    expect "$id: rendered for at most 2 s more CPU than the plain page" within_bound "$id" 60
done
expect "KaTeX's own maxExpand stopped the built-in macros" grep -q 'Too many expansions' "$art/expansion.dom"
expect "the formula at the nesting bound rendered without error" bash -c "! grep -q 'katex-error\|data-refused' '$art/nesting.dom'"
expect "every formula at a bound was typeset, none left as source" bash -c "
    ! grep -q 'data-refused' '$art/at.dom' && test \$(grep -o 'class=\"katex\"' '$art/at.dom' | wc -l) -eq 5"

# Around the validator: the refused formulas written into the store as they are.
dose import "$work/placeholders.json"
db="$XDG_DATA_HOME/daily-dose/dose.sqlite3"
store() { sqlite3 "$db" "UPDATE items SET $2 = CAST(readfile('$work/$3.txt') AS TEXT) WHERE id = '$1'"; }
store bomb text bomb
store deep text deep
for field in title text answer explanation; do store over "$field" "over-$field"; done
for id in bomb deep over; do page "$id"; done
expect "the pages carry the formulas" bash -c "grep -qF 'edef' '$work/bomb.html' && grep -qF 'frac{1}{\\frac{1}{' '$work/deep.html'"
for id in deep bomb over; do
    expect "$id around the validator: rendered for at most 2 s more CPU than the plain page" within_bound "$id" 30
done
# refused DOM: each span left as source, as "PARENT-CLASS REASON" (the paragraph is the field).
refused() {
    /usr/bin/python3 - "$1" <<'PY'
import html.parser, sys
VOID = {"area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source", "track", "wbr"}
class Page(html.parser.HTMLParser):
    def __init__(self):
        super().__init__(); self.stack = []
    def handle_starttag(self, tag, attrs):
        attrs = dict(attrs)
        if "data-refused" in attrs:
            print(self.stack[-1], attrs["data-refused"])
        if tag not in VOID:
            self.stack.append(attrs.get("class") or tag)
    def handle_endtag(self, tag):
        if tag not in VOID:
            self.stack.pop()
Page().feed(open(sys.argv[1]).read())
PY
}
expect "the page left the macro bomb as its source" test "$(refused "$art/bomb.dom")" = "dd-formula macro"
expect "the page left the nested formula as its source" test "$(refused "$art/deep.dom")" = "dd-formula depth"
expect "the page refused what the validator refused, field for field, with the same bound" test "$(refused "$art/over.dom" | tr '\n' ,)" \
    = "h1 depth,dd-text length,dd-answer atoms,dd-explanation field,dd-explanation field,dd-explanation field,"
expect "the source is shown as text, escaped" grep -qF '\frac{1}{\frac{1}{' "$art/deep.dom"

# Control: the same pages with a render script that hands every formula to KaTeX, same options, no check.
cat >"$work/bare.js" <<'JS'
"use strict";
document.addEventListener("DOMContentLoaded", function () {
  var spans = document.querySelectorAll(".dd-math");
  for (var i = 0; i < spans.length; i++) {
    try {
      katex.render(spans[i].textContent, spans[i], {
        displayMode: spans[i].getAttribute("data-display") === "block",
        throwOnError: false, trust: false, strict: "ignore", maxSize: 20, maxExpand: 500
      });
    } catch (e) {}
  }
  document.documentElement.setAttribute("data-rendered", "true");
});
JS
for id in bomb deep; do
    sed "s|<script src=\"[^\"]*dose-page.js\">|<script src=\"file://$work/bare.js\">|" "$work/$id.html" >"$work/$id-bare.html"
    expect "control: the $id page loads the bare script" grep -qF "$work/bare.js" "$work/$id-bare.html"
done
ms=$(render_ms "$work/bomb-bare.html" "$art/bomb-bare.dom" 10)
expect "control: without the check the CVE formula keeps Chromium busy past 10 s" test "$ms" -eq 0
ms=$(render_ms "$work/deep-bare.html" "$art/deep-bare.dom" 30)
expect "control: without the check the nested formula crashes the renderer or spins past 30 s" test "$ms" -eq 0
log "done"
