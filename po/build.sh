#!/usr/bin/env bash
# Translations: extracts the template from the Swift sources and compiles every language in po/LINGUAS.
# Usage: po/build.sh [TEMPLATE [LOCALEDIR]]
#   TEMPLATE   where the template goes (po/daily-dose.pot)
#   LOCALEDIR  where the catalogues go, as LOCALEDIR/LANG/LC_MESSAGES/daily-dose.mo (build/locale, where
#              the binaries of the build tree look for them; `make install` copies them to PREFIX/share/locale)
# xgettext has no Swift parser: the C one reads Swift's plain string literals alike (the escapes `\"`,
# `\\`, `\n`, `\t`), and the marked strings are plain literals by construction (DoseSystem/Localization.swift).
# Every file is written aside and renamed: builds and tests run this side by side.
set -euo pipefail
cd "$(dirname "$0")/.."
template=${1:-po/daily-dose.pot}
localedir=${2:-build/locale}
domain=daily-dose

mapfile -t sources < <(find Sources -name '*.swift' | LC_ALL=C sort)
mkdir -p "$(dirname "$template")"
template=$(cd "$(dirname "$template")" && pwd)/$(basename "$template")
# Swift's multi-line literals (`"""`), which C cannot read, are rewritten line for line in a copy, so the
# template's references keep their line numbers: one that trLater( opens (a command table's details) becomes
# adjacent C literals with Swift's value (the closing line's indentation taken off each line, `"` escaped,
# a line ending in `\` joined to the next), every other one is blanked; tr() never takes one.
copy=$(mktemp -d)
trap 'rm -rf "$copy"' EXIT
for source in "${sources[@]}"; do
    mkdir -p "$copy/$(dirname "$source")"
    awk 'function cliteral(text, last,    out, j, c, more) {
             out = ""; more = 0
             for (j = 1; j <= length(text); j++) {
                 c = substr(text, j, 1)
                 if (c == "\\" && j == length(text)) { more = 1; break }
                 if (c == "\\") { out = out c substr(text, j + 1, 1); j++ }
                 else if (c == "\"") out = out "\\\""
                 else out = out c
             }
             return "\"" out ((last || more) ? "" : "\\n") "\""
         }
         marked {
             if ($0 !~ /^[ \t]*"""/) { held[++count] = $0; next }
             indent = $0; sub(/""".*$/, "", indent)
             for (k = 1; k <= count; k++) {
                 text = held[k]
                 text = (substr(text, 1, length(indent)) == indent) ? substr(text, length(indent) + 1) : ""
                 print cliteral(text, k == count)
             }
             rest = $0; sub(/^[ \t]*"""/, "", rest); print rest
             marked = 0; next
         }
         !inside && /trLater\("""[ \t]*$/ { sub(/"""[ \t]*$/, ""); print; marked = 1; count = 0; next }
         { n = split($0, parts, "\"\"\""); if (n == 1) { print (inside ? "" : $0); next }
           line = ""; for (i = 1; i <= n; i++) { if (!inside) line = line parts[i]; if (i < n) inside = !inside }
           print line }' "$source" >"$copy/$source"
done
# --keyword= drops C's own keywords; trLater marks declarations translated where shown (Localization.swift);
# {name} placeholders, never printf: no c-format checks.
xgettext --language=C --from-code=UTF-8 --keyword= --keyword=tr --keyword=trn:1,2 --keyword=trLater \
    --flag=tr:1:no-c-format --flag=trn:1:no-c-format --flag=trn:2:no-c-format --flag=trLater:1:no-c-format \
    --add-comments=TRANSLATORS: --package-name="Daily Dose" --package-version=0.1.0 \
    --msgid-bugs-address=https://dailydose.net/ \
    --force-po --directory="$copy" --output="$template.tmp-$$" "${sources[@]}"
mv "$template.tmp-$$" "$template"

while read -r language; do
    case "$language" in ''|'#'*) continue;; esac
    target="$localedir/$language/LC_MESSAGES"
    mkdir -p "$target"
    msgfmt --check --output-file="$target/$domain.mo.tmp-$$" "po/$language.po"
    mv "$target/$domain.mo.tmp-$$" "$target/$domain.mo"
done <po/LINGUAS
