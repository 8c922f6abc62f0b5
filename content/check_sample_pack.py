#!/usr/bin/env python3
"""Validate a Daily Dose content pack (default: content/sample-pack.json).

Checks the structure of the "daily-dose-pack/1" format plus the editorial
rules for the bundled starter pack:

  * format string, item fields and their types, unknown keys
  * ids: 1-128 bytes of UTF-8, no control characters, unique, lowercase slug
  * kind in {fact, formula, question}; optional integer sortKey
  * tags: each matches ^[A-Z]{2}$ and is a known branch code, no duplicates
  * answer required on questions and forbidden on facts and formulas;
    every question has an explanation
  * at least 34 items of each kind; at least 20 items tagged for each branch
  * every audience (no branch, common only, and each branch with the common items) has at
    least 60 items of each kind: the daily rule (docs/resolver.md) steps
    through each kind every third day, so the first repeat comes after
    3 x (the audience's smallest kind) days, at least 180 (a semester)
  * title <= 60 characters, text <= 400, explanation <= 600
  * prose fields: `$` delimiters balanced, spans non-empty;
    formula text: no `$` at all
  * `{`/`}` balanced in every LaTeX fragment (formulas and `$...$` spans)
  * if node and /usr/share/javascript/katex/katex.js are available, every
    formula (display mode) and every inline span is rendered with KaTeX using
    throwOnError: true; strict-mode warnings are reported too.
  * the optional syllabus: subjects {subject, year, tags, topics} and topics
    {topic, tags}, nothing else; year 1 or 2 (the pack's first two years);
    names are what `dose learn tick SUBJECT TOPIC` takes (trimmed, one line,
    no control or bidi character, no LaTeX, at most 200 scalars, and here at
    most 60 characters, no typographic dash or quote (a student types - and ')
    and no filler such as "Introduction"), subjects unique
    and topics unique in their subject under case folding; a topic's tags are
    within its subject's; every branch is offered at least 30 topics (common
    ones included), and the counts per branch and year are printed.

Exit status 0 when everything passes, 1 otherwise.
"""
import json
import os
import re
import shutil
import subprocess
import sys

FORMAT = "daily-dose-pack/1"
KINDS = {"fact", "formula", "question"}
BRANCHES = {"CS", "EE", "EC", "ME", "CE", "CH"}
TAG_RE = re.compile(r"^[A-Z]{2}$")
SLUG_RE = re.compile(r"^[a-z0-9]+(?:-[a-z0-9]+)*$")
ALLOWED_KEYS = {"id", "kind", "sortKey", "tags", "title", "text", "answer", "explanation"}
MIN_PER_KIND = 34
MIN_OWN_PER_BRANCH = 20
MIN_REPEAT_DAYS = 180
MAX_TITLE, MAX_TEXT, MAX_EXPLANATION = 60, 400, 600
SUBJECT_KEYS = {"subject", "year", "tags", "topics"}
TOPIC_KEYS = {"topic", "tags"}
SYLLABUS_YEARS = {1, 2}
MAX_NAME_SCALARS = 200  # what `dose learn tick` accepts
MAX_NAME_EDITORIAL = 60  # a course outline's line, not a sentence
MIN_TOPICS_PER_BRANCH = 30
FILLER_RE = re.compile(r"^(introduction|basics|overview|miscellaneous|misc|general|other|others|revision)\b"
                       r"|\b(basics|miscellaneous|etc)\.?$", re.IGNORECASE)
# Names are typed at a terminal: "Newton-Raphson method", "Bernoulli's equation".
TYPOGRAPHIC = set("\u2010\u2011\u2012\u2013\u2014\u2015\u2212\u2018\u2019\u201c\u201d")
BIDI = set(range(0x202A, 0x202F)) | set(range(0x2066, 0x206A)) | {0x200E, 0x200F, 0x061C}
KATEX_JS = "/usr/share/javascript/katex/katex.js"
KATEX_MIN_JS = "/usr/share/javascript/katex/katex.min.js"

errors = []
warnings = []


def err(where, msg):
    errors.append(f"{where}: {msg}")


def braces_balanced(latex):
    """True when unescaped { and } nest properly (\\{ and \\} are skipped)."""
    depth = 0
    i = 0
    while i < len(latex):
        ch = latex[i]
        if ch == "\\":
            i += 2  # skip the escaped character (\{, \}, \\, \$ ...)
            continue
        if ch == "{":
            depth += 1
        elif ch == "}":
            depth -= 1
            if depth < 0:
                return False
        i += 1
    return depth == 0


def inline_spans(where, prose):
    """Return the LaTeX spans of a prose string, reporting $ problems."""
    if "\\$" in prose:
        err(where, "escaped dollar sign found; the pack uses bare $ as a delimiter only")
    parts = prose.split("$")
    if len(parts) % 2 == 0:
        err(where, f"unbalanced $ delimiters ({prose.count('$')} dollar signs)")
        return []
    spans = parts[1::2]
    for s in spans:
        if not s.strip():
            err(where, "empty $...$ span")
    return [s for s in spans if s.strip()]


def main():
    path = sys.argv[1] if len(sys.argv) > 1 else os.path.join(
        os.path.dirname(os.path.abspath(__file__)), "sample-pack.json")
    with open(path, "rb") as fh:
        raw = fh.read()
    try:
        pack = json.loads(raw.decode("utf-8"))
    except (UnicodeDecodeError, json.JSONDecodeError) as exc:
        print(f"FAIL: {path} is not valid UTF-8 JSON: {exc}")
        return 1

    if not isinstance(pack, dict) or not {"format", "items"} <= set(pack) <= {"format", "items", "syllabus"}:
        err("pack", "top level must be an object with 'format', 'items' and optionally 'syllabus'")
        pack = pack if isinstance(pack, dict) else {}
    if pack.get("format") != FORMAT:
        err("pack", f"format must be {FORMAT!r}, got {pack.get('format')!r}")
    items = pack.get("items")
    if not isinstance(items, list):
        err("pack", "'items' must be an array")
        items = []

    seen = set()
    counts = {k: 0 for k in KINDS}
    tagged = 0
    tag_counts = {b: 0 for b in BRANCHES}
    latex_jobs = []  # (where, latex, displayMode)

    for n, it in enumerate(items):
        where = f"item[{n}]"
        if not isinstance(it, dict):
            err(where, "not an object")
            continue
        iid = it.get("id")
        if isinstance(iid, str):
            where = f"item[{n}] {iid!r}"
        extra = set(it) - ALLOWED_KEYS
        if extra:
            err(where, f"unknown keys {sorted(extra)}")

        # id
        if not isinstance(iid, str):
            err(where, "id missing or not a string")
        else:
            nbytes = len(iid.encode("utf-8"))
            if not 1 <= nbytes <= 128:
                err(where, f"id is {nbytes} bytes (must be 1-128)")
            if any(ord(c) < 0x20 or 0x7F <= ord(c) < 0xA0 for c in iid):
                err(where, "id contains control characters")
            if not SLUG_RE.match(iid):
                err(where, "id is not a lowercase ASCII slug")
            if iid in seen:
                err(where, "duplicate id")
            seen.add(iid)

        # kind
        kind = it.get("kind")
        if kind not in KINDS:
            err(where, f"bad kind {kind!r}")
        else:
            counts[kind] += 1

        # sortKey
        if "sortKey" in it and (type(it["sortKey"]) is not int or not -2**63 <= it["sortKey"] < 2**63):
            err(where, "sortKey must be a 64-bit integer")

        # tags
        tags = it.get("tags", [])
        if not isinstance(tags, list):
            err(where, "tags must be an array")
            tags = []
        for t in tags:
            if not isinstance(t, str) or not TAG_RE.match(t):
                err(where, f"tag {t!r} does not match ^[A-Z]{{2}}$")
            elif t not in BRANCHES:
                err(where, f"tag {t!r} is not one of {sorted(BRANCHES)}")
            else:
                tag_counts[t] += 1
        if len(set(map(str, tags))) != len(tags):
            err(where, "duplicate tags")
        if tags:
            tagged += 1

        # strings
        for key in ("title", "text", "answer", "explanation"):
            if key in it and (not isinstance(it[key], str) or not it[key].strip()):
                err(where, f"{key} must be a non-empty string")
        for key in ("title", "text", "answer", "explanation"):
            v = it.get(key)
            if isinstance(v, str) and any(ord(c) < 0x20 for c in v):
                err(where, f"{key} contains control characters")
        text = it.get("text")
        if not isinstance(text, str):
            err(where, "text is required")
            text = ""
        title = it.get("title")
        if isinstance(title, str) and len(title) > MAX_TITLE:
            err(where, f"title is {len(title)} characters (max {MAX_TITLE})")
        if len(text) > MAX_TEXT:
            err(where, f"text is {len(text)} characters (max {MAX_TEXT})")
        expl = it.get("explanation")
        if isinstance(expl, str) and len(expl) > MAX_EXPLANATION:
            err(where, f"explanation is {len(expl)} characters (max {MAX_EXPLANATION})")

        # answer rules
        if kind == "question":
            if not isinstance(it.get("answer"), str):
                err(where, "question without an answer")
            if not isinstance(expl, str):
                err(where, "question without an explanation")
            elif isinstance(it.get("answer"), str) and it["answer"].strip() and \
                    it["answer"].strip() in text:
                warnings.append(f"{where}: answer text appears verbatim in the question")
        elif "answer" in it:
            err(where, f"{kind} must not have an answer")

        # LaTeX
        prose_fields = ["title", "answer", "explanation"]
        if kind == "formula":
            if "$" in text:
                err(where, "formula text must be bare LaTeX without $")
            if not braces_balanced(text):
                err(where + " text", "unbalanced braces")
            latex_jobs.append((where + " text", text, True))
        else:
            prose_fields.insert(1, "text")
        for key in prose_fields:
            v = it.get(key)
            if not isinstance(v, str):
                continue
            for span in inline_spans(f"{where} {key}", v):
                if not braces_balanced(span):
                    err(f"{where} {key}", f"unbalanced braces in ${span}$")
                latex_jobs.append((f"{where} {key}", span, False))

    total = len(items)
    for k in sorted(KINDS):
        if counts[k] < MIN_PER_KIND:
            err("pack", f"only {counts[k]} items of kind {k} (need {MIN_PER_KIND})")
    share = tagged / total if total else 0.0
    for b in sorted(BRANCHES):
        if tag_counts[b] < MIN_OWN_PER_BRANCH:
            err("pack", f"only {tag_counts[b]} items tagged {b} (need {MIN_OWN_PER_BRANCH})")
    repeats = {}
    # "common": the untagged items only (the branch setting `common`).
    for b in [None, "common"] + sorted(BRANCHES):
        audience = [it for it in items if isinstance(it, dict) and
                    (b is None or not it.get("tags") or (b != "common" and b in it.get("tags", [])))]
        smallest = min(sum(1 for it in audience if it.get("kind") == k) for k in KINDS)
        repeats[b or "none"] = 3 * smallest
        if 3 * smallest < MIN_REPEAT_DAYS:
            err("pack", f"branch {b or 'none'}: first repeat after {3 * smallest} days (need {MIN_REPEAT_DAYS})")

    syllabus_counts = check_syllabus(pack.get("syllabus")) if "syllabus" in pack else None

    katex_note = render_with_katex(latex_jobs)

    print(f"file: {path}")
    print(f"items: {total}  " + "  ".join(f"{k}={counts[k]}" for k in sorted(KINDS)))
    print(f"tagged: {tagged}/{total} = {share:.1%}  untagged (common): {total - tagged}")
    print("per-branch tag uses: " + "  ".join(f"{b}={tag_counts[b]}" for b in sorted(BRANCHES)))
    print("first repeat after (days): " + "  ".join(f"{b}={d}" for b, d in repeats.items()))
    print(f"LaTeX fragments: {len(latex_jobs)} ({sum(1 for j in latex_jobs if j[2])} formulas, "
          f"{sum(1 for j in latex_jobs if not j[2])} inline spans)")
    print(f"KaTeX: {katex_note}")
    if syllabus_counts:
        print("syllabus topics per branch (common + own; year 1 + year 2): " + "  ".join(
            f"{b}={c[1] + c[2]} ({c[1]} + {c[2]})" for b, c in syllabus_counts.items()))
    for w in warnings:
        print("WARN", w)
    for e in errors:
        print("FAIL", e)
    print("OK" if not errors else f"{len(errors)} error(s)")
    return 0 if not errors else 1


def name_problem(name):
    """Why `name` cannot be a subject or topic (what a student types), or None."""
    if not isinstance(name, str) or not name:
        return "must be a non-empty string"
    if name != name.strip() or "  " in name:
        return "has spaces at an end or doubled (dose learn tick trims what is typed)"
    if any(ord(c) < 0x20 or 0x7F <= ord(c) < 0xA0 for c in name):
        return "contains a control character"
    if any(ord(c) in BIDI for c in name):
        return "contains a bidirectional control or mark"
    if "$" in name or "\\" in name:
        return "contains LaTeX ($ or a backslash): a name is plain text"
    if any(c in TYPOGRAPHIC for c in name):
        return "contains a typographic dash or quote: write the hyphen and straight quote a student types"
    if len(name) > MAX_NAME_SCALARS:
        return f"is {len(name)} scalars (dose learn tick takes at most {MAX_NAME_SCALARS})"
    if len(name) > MAX_NAME_EDITORIAL:
        return f"is {len(name)} characters (keep it to {MAX_NAME_EDITORIAL}, as a course outline writes it)"
    if FILLER_RE.search(name):
        return "is filler: name the topic a course outline names"
    return None


def syllabus_tags(where, value):
    """The branch codes of a subject's or topic's tags (absent: common), reporting bad ones."""
    if value is None:
        return []
    if not isinstance(value, list):
        err(where, "tags must be an array")
        return []
    for t in value:
        if t not in BRANCHES:
            err(where, f"tag {t!r} is not one of {sorted(BRANCHES)}")
    if len(set(map(str, value))) != len(value):
        err(where, "duplicate tags")
    return [t for t in value if t in BRANCHES]


def syllabus_entry(where, entry, field, keys, seen, repeats):
    """Checks one subject or topic object: its keys and its name, unique in `seen` (case folded).
    Returns where it is (named when it has a name), or None when it is not an object."""
    if not isinstance(entry, dict):
        err(where, "not an object")
        return None
    name = entry.get(field)
    if isinstance(name, str):
        where = f"{where} {name!r}"
    if set(entry) - keys:
        err(where, f"unknown keys {sorted(set(entry) - keys)}")
    problem = name_problem(name)
    if problem:
        err(where, f"{field} {problem}")
    elif name.casefold() in seen:
        err(where, f"{field} repeats {seen[name.casefold()]}{repeats} (case folded)")
    else:
        seen[name.casefold()] = where
    return where


def check_syllabus(syllabus):
    """Checks the syllabus; returns {branch: {year: topics offered}}."""
    counts = {b: {1: 0, 2: 0} for b in sorted(BRANCHES)}
    if not isinstance(syllabus, list) or not syllabus:
        err("syllabus", "must be a non-empty array of subjects")
        return counts
    subjects_seen = {}
    for n, subject in enumerate(syllabus):
        where = syllabus_entry(f"syllabus[{n}]", subject, "subject", SUBJECT_KEYS, subjects_seen, "")
        if where is None:
            continue
        year = subject.get("year")
        if type(year) is not int or year not in SYLLABUS_YEARS:
            err(where, f"year must be one of {sorted(SYLLABUS_YEARS)}, got {year!r}")
            year = None
        tags = syllabus_tags(where, subject.get("tags"))
        topics = subject.get("topics")
        if not isinstance(topics, list) or not topics:
            err(where, "topics must be a non-empty array")
            continue
        topics_seen = {}
        for m, topic in enumerate(topics):
            twhere = syllabus_entry(f"{where} topics[{m}]", topic, "topic", TOPIC_KEYS, topics_seen, " in its subject")
            if twhere is None:
                continue
            own = syllabus_tags(twhere, topic.get("tags"))
            if tags and not set(own) <= set(tags):
                err(twhere, f"tags {sorted(set(own) - set(tags))} are outside the subject's {tags}: nobody is offered them")
            if tags and own and set(own) == set(tags):
                err(twhere, "tags repeat the subject's: leave them empty")
            if year is None:
                continue
            for b in counts:
                if (not tags or b in tags) and (not own or b in own):
                    counts[b][year] += 1
    for b, c in counts.items():
        if c[1] + c[2] < MIN_TOPICS_PER_BRANCH:
            err("syllabus", f"branch {b} is offered {c[1] + c[2]} topics (need {MIN_TOPICS_PER_BRANCH})")
    return counts


NODE_SCRIPT = r"""
const fs = require('fs');
const katex = require(process.argv[1]);
const jobs = JSON.parse(fs.readFileSync(0, 'utf8'));
const out = [];
for (const [where, tex, display] of jobs) {
  const strictMsgs = [];
  try {
    katex.renderToString(tex, {
      throwOnError: true,
      displayMode: display,
      strict: (code, msg) => { strictMsgs.push(code + ': ' + msg); return 'ignore'; },
    });
  } catch (e) {
    out.push({where, tex, error: String(e.message || e)});
    continue;
  }
  for (const m of strictMsgs) out.push({where, tex, warning: m});
}
process.stdout.write(JSON.stringify({version: katex.version, results: out}));
"""


def render_with_katex(jobs):
    node = shutil.which("node")
    if not node or not os.path.exists(KATEX_MIN_JS):
        return "skipped (node or KaTeX not available)"
    lib = KATEX_JS if os.path.exists(KATEX_JS) else KATEX_MIN_JS
    proc = subprocess.run([node, "-e", NODE_SCRIPT, lib], input=json.dumps(jobs),
                          capture_output=True, text=True)
    if proc.returncode != 0:
        err("katex", f"node failed: {proc.stderr.strip()}")
        return "node failed"
    res = json.loads(proc.stdout)
    nerr = 0
    for r in res["results"]:
        if "error" in r:
            nerr += 1
            err(r["where"], f"KaTeX cannot render {r['tex']!r}: {r['error']}")
        else:
            warnings.append(f"{r['where']}: KaTeX strict-mode warning for {r['tex']!r}: {r['warning']}")
    return f"KaTeX {res['version']} rendered {len(jobs) - nerr}/{len(jobs)} fragments with throwOnError: true"


if __name__ == "__main__":
    sys.exit(main())
