#!/usr/bin/env bash
# The app's web view stays offline: HTML, script and remote loads in every field of a hostile item, shown in
# daily-dose (before and after Reveal), never reach a loopback listener that counts requests; the card's text
# still reads the hostile markup as text.
needs_app_bus=1
source "$(dirname "$0")/lib.sh"
app_up

counting_listener

evil="<script>fetch('http://127.0.0.1:$port/script')</script><img src=http://127.0.0.1:$port/img><link rel=stylesheet href=http://127.0.0.1:$port/css><iframe src=http://127.0.0.1:$port/frame></iframe><meta http-equiv=refresh content=\\\"0;url=http://127.0.0.1:$port/refresh\\\">"
cat >"$work/pack.json" <<PACK
{"format": "daily-dose-pack/1", "items": [
 {"id": "q-hostile", "kind": "question", "title": "Hostile",
  "text": "Q $evil \$\\\\href{http://127.0.0.1:$port/href}{x} \\\\url{http://127.0.0.1:$port/url}\$",
  "answer": "A $evil", "explanation": "E $evil \$\\\\includegraphics{http://127.0.0.1:$port/g}\$"}
]}
PACK
dose import "$work/pack.json" >/dev/null

app_start
app_action open-dose q-hostile
expect "the hostile item shows" atspi wait-card "Hostile" 10
expect "its markup is text in the card" grep -qF "<script>fetch(" <(atspi card)
atspi click "Reveal the answer"
expect "revealed" atspi gone "Reveal the answer" 10
expect "the answer's markup is text too" grep -qF "Answer: A <script>" <(atspi card)
sleep 2
app_screenshot "$art/hostile.png"
expect "nothing was loaded from the network (0 requests)" test ! -s "$work/requests.log"
log "PASS"
