#!/usr/bin/env bash
# Keyboard scrolling of the web views: they take no focus, so the window scrolls the page on show (PageScroll).
# In a 360x420 window: a dose far taller than it, then a Study card's long back and a quiz question's long
# explanation; PageDown moves the page (the web view's pixels change), PageUp brings back exactly the first
# screen, End and Home likewise; Alt+Home is still "today", Space still reveals, the key 1 still answers.
# First, at 360 px: a display formula wider than the window shows whole in the card (its ink the shape it has in a
# wide window, not clipped to a scroll region), one far wider scrolls by the arrow keys once Tab is in it, and
# two questions alike but for their ids show the same pixels (no id on the page before Reveal).
needs_app_bus=1
every_date=1
source "$(dirname "$0")/lib.sh"
app_up

# A pack of a fact with a long text (forty numbered sentences, well past a 420 px window) and two short ones;
# the long one is opened by its id, as a notification's click opens it.
/usr/bin/python3 - "$work/long-pack.json" <<'PY'
import json, sys
text = " ".join("Sentence %d of the long dose: the page goes on below the window's edge." % n for n in range(1, 41))
items = [{"id": "fact-long-page", "kind": "fact", "title": "A long dose", "text": text}]
items += [{"id": "fact-short-%d" % n, "kind": "fact", "title": "A short dose %d" % n, "text": "A short text %d." % n} for n in (1, 2)]
# Two questions alike but for their ids, the second's words that would give the answer away.
question = {"kind": "question", "text": "What is the SI unit of magnetic flux?", "answer": "The weber"}
items += [dict(question, id="q-unit-one"), dict(question, id="q-weber-is-the-unit-of-magnetic-flux-the-answer")]
# A display formula wider than a 360 px window at the card's size (about 1.3 times), not so wide that it cannot fit.
terms = " + ".join("a_{%d} x^{%d}" % (n, n) for n in range(1, 8))
items.append({"id": "formula-wide", "kind": "formula", "title": "A wide formula", "text": "p(x) = " + terms})
# One far too wide to fit even made smaller: it scrolls sideways.
terms = " + ".join("a_{%d} x^{%d}" % (n, n) for n in range(1, 31))
items.append({"id": "formula-very-wide", "kind": "formula", "title": "A very wide formula", "text": "q(x) = " + terms})
json.dump({"format": "daily-dose-pack/1", "items": items}, open(sys.argv[1], "w"))
PY
dose import "$work/long-pack.json" >/dev/null
app_start
window=$(xdotool search --name "^Daily Dose$" | head -1)
xdotool mousemove --window "$window" 5 5
# The wide formula: in a wide window, then at 360 px, where it must show whole, only smaller (its ink the same
# shape as in the wide window, and inside the web view), not clipped at a scroll region's edge (a narrower
# shape, a scrollbar under it).
# The card's view is as tall as its page once the page has rendered and said so: wait for its extents to hold
# still, and be taller than LEAST (its height before the page reports one is 24).
view_settled() { # view_settled LEAST
    local before after
    before=$(atspi extents Dose filler)
    sleep 0.5
    after=$(atspi extents Dose filler)
    [ -n "$after" ] && [ "$before" = "$after" ] && [ "$(cut -d' ' -f4 <<<"$after")" -gt "$1" ]
}
ink_of() { # ink_of NAME: the web view's ink on a screenshot, "W H X Y" (its box, trimmed of the background)
    read -r x y w h < <(atspi extents Dose filler)
    app_screenshot "$art/$1.png"
    convert "$art/$1.png" -crop "${w}x${h}+${x}+${y}" +repage -fuzz 8% -format '%@\n' info: | tr 'x+' '  '
}
app_action open-dose formula-wide
expect "the wide formula is on the card" atspi wait-card "A wide formula" 10
xdotool windowsize "$window" 1000 720
sleep 1
expect "the wide formula's page has its height" wait_for 15 view_settled 24
read -r wide_w wide_h _ _ < <(ink_of formula-wide)
xdotool windowsize "$window" 360 720
sleep 1
expect "and at 360 px" wait_for 15 view_settled 24
read -r ink_w ink_h ink_x _ < <(ink_of formula-360)
read -r x y w h < <(atspi extents Dose filler)
log "the formula's ink: ${wide_w}x${wide_h} in the wide window; ${ink_w}x${ink_h} at $ink_x in the ${w} px view at 360 px"
expect "the formula shows" test "$wide_w" -gt 100 -a "$ink_w" -gt 100
wide_shape=$((wide_w * 100 / wide_h)) narrow_shape=$((ink_w * 100 / ink_h))
expect "the formula shows whole at 360 px (width per height ${narrow_shape}% there, ${wide_shape}% wide)" \
    test $((narrow_shape * 100)) -ge $((wide_shape * 85)) -a $((narrow_shape * 100)) -le $((wide_shape * 115))
expect "and inside the web view (ink to $((ink_x + ink_w)) of $w px)" test $((ink_x + ink_w)) -le $((w - 2))
expect "the web view is inside the window" test $((x + w)) -le 360
# One too wide to fit even made smaller scrolls sideways: the page is then a tab stop, Tab into it focuses the
# formula's region, the arrow keys move it, and Tab leaves the page again.
app_action open-dose formula-very-wide
expect "the very wide formula is on the card" atspi wait-card "A very wide formula" 10
sleep 1
expect "its page has its height" wait_for 15 view_settled 24
for _ in $(seq 20); do
    focused_is "filler	Dose" && break
    xdotool key Tab
    sleep 0.2
done
expect "Tab reaches the page of a formula too wide to fit" focused_is "filler	Dose"
read -r x y w h < <(atspi extents Dose filler)
app_screenshot "$art/very-wide-start-window.png"
convert "$art/very-wide-start-window.png" -crop "${w}x${h}+${x}+${y}" +repage "$art/very-wide-start.png"
xdotool key Right Right Right Right Right
sleep 1
app_screenshot "$art/very-wide-moved-window.png"
convert "$art/very-wide-moved-window.png" -crop "${w}x${h}+${x}+${y}" +repage "$art/very-wide-moved.png"
moved=$(compare -metric AE "$art/very-wide-start.png" "$art/very-wide-moved.png" null: 2>&1 | cut -d' ' -f1 | cut -d. -f1 || true)
expect "the arrow keys move the formula sideways ($moved pixels changed)" test "$moved" -gt 200
xdotool key Tab
expect "Tab leaves the page" wait_for 5 focus_left "filler	Dose"
# Two questions alike but for their ids: the same pixels, so no id is on the page (nor in the window's tree).
shots_of() { # shots_of ID: the web view's pixels for the question ID, opened by id
    app_action open-dose "$1"
    atspi wait-card "What is the SI unit of magnetic flux?" 10 || fail "$1 did not show"
    sleep 1
    wait_for 15 view_settled 0 || fail "$1's page did not settle"
    read -r x y w h < <(atspi extents Dose filler)
    app_screenshot "$art/$1-window.png"
    convert "$art/$1-window.png" -crop "${w}x${h}+${x}+${y}" +repage "$art/$1.png"
}
shots_of q-unit-one
# Another dose in between: the second picture is then of a page opened anew, never the first one left on show
# (which would make the two alike for nothing).
app_action open-dose fact-long-page
expect "another dose in between" atspi wait-card "A long dose" 10
shots_of q-weber-is-the-unit-of-magnetic-flux-the-answer
expect "the question's page shows its text" test "$(convert "$art/q-unit-one.png" -fuzz 8% -format '%@' info: | cut -dx -f1)" -gt 100
differ_ids=$(compare -metric AE "$art/q-unit-one.png" "$art/q-weber-is-the-unit-of-magnetic-flux-the-answer.png" null: 2>&1 | cut -d' ' -f1 | cut -d. -f1 || true)
expect "questions alike but for their ids look alike: no id on the page ($differ_ids pixels differ)" test "$differ_ids" = 0
if atspi dump | grep -qF "q-weber-is-the-unit"; then fail "the id is in the window's tree before Reveal"; fi
app_action open-dose fact-long-page
expect "the long dose is on the card" atspi wait-card "A long dose" 10
window=$(xdotool search --name "^Daily Dose$" | head -1)
xdotool windowsize "$window" 360 420
xdotool mousemove --window "$window" 5 5  # no window manager: the keyboard follows the pointer
sleep 1
shot() { # shot NAME: the web view's part of the window (x y w h), less the scrollbar (its thumb fades in and out)
    app_screenshot "$art/$1-window.png"
    convert "$art/$1-window.png" -crop "$((w - 16))x${h}+${x}+${y}" +repage "$art/$1.png"
}
differ() { # differ A B: the number of pixels that differ between two shots
    compare -metric AE "$art/$1.png" "$art/$2.png" null: 2>&1 | cut -d' ' -f1 | cut -d. -f1 || true
}
# scroll_check VIEW NAME: PageDown, PageUp, End, Home on the page of the web view VIEW (its accessible name).
scroll_check() {
    read -r x y w h < <(atspi extents "$1" filler)
    log "$2's web view: ${w}x${h} at $x,$y"
    expect "$2's web view shows inside the 360 px window" test "$w" -gt 100 -a "$h" -gt 100 -a $((x + w)) -le 360
    shot "$2-top"
    xdotool key Next  # PageDown
    sleep 1
    shot "$2-down"
    local changed
    changed=$(differ "$2-top" "$2-down")
    expect "PageDown scrolls $2's page ($changed pixels changed)" test "$changed" -gt 1000
    xdotool key Prior  # PageUp
    sleep 1
    shot "$2-up"
    expect "PageUp brings back $2's first screen exactly ($(differ "$2-top" "$2-up") pixels differ)" test "$(differ "$2-top" "$2-up")" = 0
    xdotool key End
    sleep 1
    shot "$2-end"
    expect "End goes down $2's page" test "$(differ "$2-top" "$2-end")" -gt 1000
    xdotool key Home
    sleep 1
    shot "$2-home"
    expect "Home back to the top of $2's page" test "$(differ "$2-top" "$2-home")" = 0
}
scroll_check Dose card
expect "the card is still the long dose (the keys moved no day)" atspi wait-card "A long dose" 2

# Alt+Home is still "today" (the application's, not the page's Home): the card changes to today's dose. When
# today's is the long one, step first to a day with another, so the key has something to change.
today=$(clock_date +%F)
today_title=$(title_on "$today")
for i in $(seq 0 10); do
    atspi wait-card "$today_title" 0.5 2>/dev/null || break
    atspi click "Next day"
    d=$(day_after "$today" $((i + 1)))
    atspi wait-card "$(title_on "$d")" 10 || fail "Next day did not show $d"
done
not_today() { ! atspi wait-card "$today_title" 0.5 2>/dev/null; }
expect "the card is not today's before Alt+Home" not_today
xdotool key alt+Home
expect "Alt+Home is today ($today_title)" atspi wait-card "$today_title" 10
# The Study and Quiz pages' web views: a topic whose card backs and quiz explanations are long (the fake
# provider's long-ok). Space still reveals on Study, the key 1 still answers on Quiz.
provider_up '{"default": "long-ok"}'
dose learn tick Calculus "Chain rule" >/dev/null
dose learn run >"$art/learn-run.txt" 2>&1 || fail "dose learn run failed: $(cat "$art/learn-run.txt")"
described() { atspi dump | awk -F'\t' -v view="$1" '$1 == "filler" && $2 == view { print $3 }' | grep -qF -- "$2"; }
app_action study $'Calculus\x1fChain rule'
expect "the Study page shows the first card" wait_for 10 described Card "Chain rule: question 1?"
xdotool key space
expect "Space reveals its long back" wait_for 10 described Card "Line 40 of a long text."
sleep 0.5
scroll_check Card study
xdotool key Escape
app_action quiz $'Calculus\x1fChain rule'
expect "the Quiz page opens" atspi wait "Quiz: Calculus — Chain rule" 10
xdotool key 1
expect "the key 1 answers: the long explanation shows" wait_for 10 described "Quiz question" "Line 40 of a long text."
sleep 0.5
scroll_check "Quiz question" quiz
log "PASS"
