#!/usr/bin/env bash
# Keyboard scrolling of the card's page: the web view takes no focus, so the window scrolls it (PageScroll). A
# dose whose text is far taller than a small window, 360 px wide; PageDown moves the page (the web view's pixels change, nothing
# else), PageUp brings back exactly the first screen; End and Home likewise; Alt+Home is still "today".
needs_app_bus=1
source "$(dirname "$0")/lib.sh"
app_up

# A pack of a fact with a long text (forty numbered sentences, well past a 420 px window) and two short ones;
# the long one is opened by its id, as a notification's click opens it.
/usr/bin/python3 - "$work/long-pack.json" <<'PY'
import json, sys
text = " ".join("Sentence %d of the long dose: the page goes on below the window's edge." % n for n in range(1, 41))
items = [{"id": "fact-long-page", "kind": "fact", "title": "A long dose", "text": text}]
items += [{"id": "fact-short-%d" % n, "kind": "fact", "title": "A short dose %d" % n, "text": "A short text %d." % n} for n in (1, 2)]
json.dump({"format": "daily-dose-pack/1", "items": items}, open(sys.argv[1], "w"))
PY
dose import "$work/long-pack.json" >/dev/null
title_on() { dose calendar --from "$1" --days 1 | cut -c27-; } # the title `dose calendar` gives DATE
app_start
app_action open-dose fact-long-page
expect "the long dose is on the card" atspi wait-card "A long dose" 10
window=$(xdotool search --name "^Daily Dose$" | head -1)
xdotool windowsize "$window" 360 420
xdotool mousemove --window "$window" 5 5  # no window manager: the keyboard follows the pointer
sleep 1
read -r x y w h < <(atspi extents Dose filler)
log "the web view: ${w}x${h} at $x,$y"
expect "the web view shows inside the 360 px window" test "$w" -gt 100 -a "$h" -gt 100 -a $((x + w)) -le 380

shot() { # shot NAME: the web view's part of the window, less the scrollbar (its thumb fades in and out)
    app_screenshot "$art/$1-window.png"
    convert "$art/$1-window.png" -crop "$((w - 16))x${h}+${x}+${y}" +repage "$art/$1.png"
}
differ() { # differ A B: the number of pixels that differ between two shots
    compare -metric AE "$art/$1.png" "$art/$2.png" null: 2>&1 | cut -d' ' -f1 || true
}
shot top
xdotool key Next  # PageDown
sleep 1
shot down
changed=$(differ top down)
log "PageDown changed $changed pixels"
expect "PageDown scrolls the page ($changed pixels changed)" test "${changed%.*}" -gt 1000
expect "the card is still the long dose (the key moved no day)" atspi wait-card "A long dose" 2
xdotool key Prior  # PageUp
sleep 1
shot up
expect "PageUp brings back the first screen exactly ($(differ top up) pixels differ)" test "$(differ top up)" = 0
xdotool key End
sleep 1
shot end
expect "End goes down the page" test "$(differ top end | cut -d. -f1)" -gt 1000
xdotool key Home
sleep 1
shot home
expect "Home back to its top" test "$(differ top home)" = 0

# Alt+Home is still "today" (the application's, not the page's Home): the card changes to today's dose. When
# today's is the long one, step first to a day with another, so the key has something to change.
today_title=$(title_on "$(date +%F)")
for i in $(seq 0 10); do
    [ "$(atspi card | sed -n 3p)" != "$today_title" ] && break
    atspi click "Next day"
    d=$(date -d "+$((i + 1)) day" +%F)
    atspi wait-card "$(title_on "$d")" 10 || fail "Next day did not show $d"
done
expect "the card is not today's before Alt+Home" test "$(atspi card | sed -n 3p)" != "$today_title"
xdotool key alt+Home
expect "Alt+Home is today ($today_title)" atspi wait-card "$today_title" 10
log "PASS"
