#!/usr/bin/env bash
# Hostile content: HTML, script and remote loads in every field of the dose page never execute or load
# (headless Chromium, with a loopback listener counting requests); hostile ids never escape into a
# path or an argument; notification copy escapes markup.
source "$(dirname "$0")/lib.sh"

counting_listener

evil="<script>document.title='pwned';fetch('http://127.0.0.1:$port/script')</script><img src=http://127.0.0.1:$port/img onerror=\\\"document.title='pwned'\\\"><a href=javascript:alert(1)>x</a>&amp;<b>bold</b>"
cat >"$work/pack.json" <<PACK
{"format": "daily-dose-pack/1", "items": [
 {"id": "../../etc/x \$(touch $work/pwned) '\"; -rf", "kind": "question", "title": "T $evil",
  "text": "Q $evil \$\\\\href{javascript:alert(1)}{x} \\\\url{http://127.0.0.1:$port/url}\$",
  "answer": "A $evil", "explanation": "E $evil \$\\\\includegraphics{http://127.0.0.1:$port/g}\$"},
 {"id": "-leading-dash", "kind": "fact", "text": "F $evil"}
]}
PACK
dose import "$work/pack.json"
id="../../etc/x \$(touch $work/pwned) '\"; -rf"

page=$(dose open "$id" --print-path --no-launch)
expect "the page lives in the page directory" test "$(dirname "$page")" = "$XDG_RUNTIME_DIR/daily-dose/pages"
expect "no file was created by the id" test ! -e "$work/pwned"
expect "content is escaped, never markup" bash -c "! grep -q '<script>document' '$page' && grep -q '&lt;script&gt;document' '$page'"
chromium_load "$page" "$art/dom.html" "$art/screenshot.png"
expect "the render script ran" grep -q 'data-rendered="true"' "$art/dom.html"
expect "no script from content ran (title unchanged)" bash -c "! grep -q '<title>pwned' '$art/dom.html'"
expect "no element from content exists" bash -c "! grep -q '<img src=\"http' '$art/dom.html' && ! grep -qi '<a href=\"javascript' '$art/dom.html'"
sleep 1
expect "nothing was loaded from the network (0 requests)" test ! -s "$work/requests.log"

expect "a leading-dash id works after --" bash -c "'$DOSE_BIN/dose' show -- -leading-dash | grep -q 'F <script>'"
expect "the dash id is not taken for an option" bash -c "! '$DOSE_BIN/dose' show -leading-dash 2>/dev/null"
"$DOSE_BIN/dose-notify" --dry-run --id "$id" --json >"$art/copy.json"
expect "the notification copy withholds the answer" bash -c "! grep -q '\"A <script' '$art/copy.json'"
expect "the notification copy withholds the explanation" bash -c "! grep -q 'E <script' '$art/copy.json'"
expect "no file was created by any command" test ! -e "$work/pwned"
log "done"
