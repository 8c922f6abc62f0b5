#!/usr/bin/env bash
# The app's window read through AT-SPI: today's card (its heading, kind and date, and an item's own title in native
# labels; the page's text as the web view's description), Reveal from the keyboard, the next and previous day as
# `dose today --date` picks them (buttons and Alt+Left/Right), Upcoming; the card as part of the window: a question
# read once, no id before Reveal, the focus kept on the revealed page (and Tab out of it), Reveal right below the
# text at 1280x800, the page without a background of its own in light and dark and its text in the style's colour
# (high contrast too); screenshots light, dark and 360 px wide for artifacts/screenshots/DATE/.
needs_app_bus=1
every_date=1
source "$(dirname "$0")/lib.sh"
# The desktop's settings in a key file of this home, so the test can change the colour scheme.
export GSETTINGS_BACKEND=keyfile
app_up
dbus-update-activation-environment GSETTINGS_BACKEND
gsettings set org.gnome.desktop.interface color-scheme default
dose import "$DOSE_ROOT/content/sample-pack.json" >/dev/null

today=$(clock_date +%F)
card_date() { LC_ALL=C date -d "$1" +'%A, %B %-d, %Y'; } # DateText's card date under C: "Monday, November 30, 2026"
# The card's heading for DAY's dose under C: its kind's name and the date, "Question · Monday, November 30, 2026".
card_heading() { echo "$(kind_name_of "$(kind_on "$1")") · $(card_date "$1")"; }
# The colour most of a region of a screenshot has ("#FAFAFA"): the page's background behind its sparse text.
main_colour() { # main_colour PNG WxH+X+Y
    convert "$1" -crop "$2" +repage -format %c histogram:info: | sort -rn | sed -n '1s/.*\(#[0-9A-Fa-f]\{6\}\).*/\1/p' | tr a-f A-F
}
pixel_colour() { echo "#$(convert "$1" -crop "1x1+$2+$3" +repage -format '%[hex:p{0,0}]' info: | cut -c1-6 | tr a-f A-F)"; } # PNG X Y
# Expects the web view's page to paint no background of its own: most of it is the window's colour beside it.
page_on_window() { # page_on_window PNG STYLE
    local x y w h page window
    read -r x y w h < <(atspi extents Dose filler)
    page=$(main_colour "$1" "${w}x$((h < 400 ? h : 400))+${x}+${y}")
    window=$(pixel_colour "$1" $((x / 2)) $((y + 4)))
    expect "$2: the page has the window's background ($page on $window)" test -n "$page" -a "$page" = "$window"
}
darkest() { # darkest PNG: the darkest grey level (0–255) of the web view's part of the screenshot: its text's
    local x y w h
    read -r x y w h < <(atspi extents Dose filler)
    convert "$1" -crop "${w}x${h}+${x}+${y}" +repage -colorspace gray -format '%[fx:int(255*minima)]' info:
}

app_start
atspi dump >"$art/tree-start.txt"
expect "a frame named Daily Dose" grep -q "^frame	Daily Dose" "$art/tree-start.txt"
title=$(title_on "$today")
[ -n "$title" ] || fail "dose calendar gave no title"
expect "today's title is the card's" atspi wait-card "$title" 10
atspi card >"$art/card-start.txt"
headline=$(headline_of "$(kind_on "$today")")
expect "the card's heading is today's kind and date ($(card_heading "$today"))" \
    test "$(sed -n 1p "$art/card-start.txt")" = "$(card_heading "$today")"
# The page's text, as the notification reduces LaTeX (dose today prints the same reduction).
# The description is the page's text through the notification's converter, as `dose today` prints it (a
# formula's LaTeX read as Unicode: "Vₚ/Vₛ = …"): its first word is in the terminal's text of today's dose.
first_word=$(tail -n 1 "$art/card-start.txt" | cut -d' ' -f1)
dose today --answer >"$art/today.txt"
expect "the web view's description carries the page's text ($first_word)" \
    env word="$first_word" file="$art/today.txt" bash -c '[ -n "$word" ] && grep -qF -- "$word" "$file"'

# Next day, through the button, as `dose today --date` picks it; then back with Alt+Left.
atspi click "Next day"
tomorrow=$(day_after "$today" 1)
expect "Next day shows tomorrow's dose" atspi wait-card "$(title_on "$tomorrow")" 10
expect "and tomorrow's kind and date" grep -qx "$(card_heading "$tomorrow")" <(atspi card)
window=$(xdotool search --name "^Daily Dose$" | head -1)
xdotool mousemove --window "$window" 300 300
xdotool key alt+Left
expect "Alt+Left is back to today" atspi wait-card "$title" 10

# A question: step to the first day whose dose is one, then Reveal.
day=$today
for i in $(seq 0 10); do
    d=$(day_after "$today" "$i")
    if [ "$i" -gt 0 ]; then
        atspi click "Next day"
        atspi wait-card "$(title_on "$d")" 10 || fail "Next day did not show $d"
    fi
    [ "$(kind_on "$d")" = question ] && { day=$d; break; }
done
[ "$(kind_on "$day")" = question ] || fail "no question within 10 days"
expect "the question's day shows" atspi wait-card "$(title_on "$day")" 10
atspi dump >"$art/tree-question.txt"
atspi card >"$art/card-question.txt"
expect "Reveal is offered" grep -q "^push button	Reveal the answer" "$art/tree-question.txt"
if grep -q "Answer:" "$art/card-question.txt"; then fail "the answer shows before Reveal"; fi
# One rendering of the question: its heading is its kind and day, and its text (dose calendar's start of it) is
# on the card once, the page's (a plain-text title line above the rendered question was read twice).
expect "the question's heading is its kind and day" test "$(sed -n 1p "$art/card-question.txt")" = "$(card_heading "$day")"
start=$(title_on "$day")
start=${start%…}
count=$(grep -cF -- "$start" "$art/card-question.txt" || true)
expect "the question's text is on the card once (got $count)" test "$count" -eq 1
# Its id is authored words that may give the answer away: nowhere in the window before Reveal.
id=$(id_on "$day")
if grep -qF -- "$id" "$art/tree-question.txt"; then fail "the dose's id ($id) is in the window before Reveal"; fi
# The card is as tall as its content: at 1280x800, Reveal right below the question's text (not past an empty band),
# the text right below the heading. Measured on the screenshot: the page's ink, trimmed of its background.
window=$(xdotool search --name "^Daily Dose$" | head -1)
xdotool windowsize "$window" 1280 800
sleep 1.5
app_screenshot "$art/question-1280.png"
read -r vx vy vw vh < <(atspi extents Dose filler)
read -r rx ry rw rh < <(atspi extents "Reveal the answer" "push button")
read -r hx hy hw hh < <(atspi extents "$(sed -n 1p "$art/card-question.txt")" label)
ink=$(convert "$art/question-1280.png" -crop "${vw}x$((vh < 800 - vy ? vh : 800 - vy))+${vx}+${vy}" +repage -fuzz 8% -format '%@' info:)
ink_h=$(sed 's/^[0-9]*x\([0-9]*\)+.*/\1/' <<<"$ink")
ink_y=$(sed 's/^.*+\([0-9]*\)$/\1/' <<<"$ink")
log "1280x800: heading ${hy}+${hh}, page ${vy}+${vh}, its ink ${ink}, Reveal at ${ry}"
expect "the page shows its text (ink $ink)" test "$ink_h" -gt 10
expect "Reveal sits right below the text ($((ry - vy - ink_y - ink_h)) px)" test $((ry - vy - ink_y - ink_h)) -lt 60
expect "the text sits right below the heading ($((vy + ink_y - hy - hh)) px)" test $((vy + ink_y - hy - hh)) -lt 30
xdotool windowsize "$window" 720 680
sleep 1
# Keyboard only: Tab reaches Reveal (past the web view, which would keep the focus), Enter presses it.
for i in $(seq 12); do
    [ "$(atspi focused)" = "push button	Reveal the answer" ] && break
    xdotool key Tab
    sleep 0.2
done
expect "Tab reaches Reveal" test "$(atspi focused)" = "push button	Reveal the answer"
xdotool key Return
expect "Reveal goes once pressed" atspi gone "Reveal the answer" 10
# The focus stays on what was revealed (the page, whose description holds the answer), not on the header's first
# button; Tab takes it on again (a WebKit page keeps Tab for itself otherwise).
wait_for 5 focused_is "filler	Dose" || true
expect "the focus is on the revealed page (got: $(atspi focused || true))" focused_is "filler	Dose"
xdotool key Tab
expect "Tab leaves the page" wait_for 5 focus_left "filler	Dose"
atspi card >"$art/card-revealed.txt"
expect "the answer is in the card's text once revealed" grep -q "^Answer: " "$art/card-revealed.txt"
app_screenshot "$art/question-revealed.png"

# Upcoming: 30 rows (weekday, date, kind; title), the first today's; never an answer.
atspi dump >"$art/tree-upcoming.txt"
rows=$(grep -c "^label	[A-Z][a-z]*day, [A-Z][a-z]* [0-9]*, [0-9]* · " "$art/tree-upcoming.txt" || true)
expect "Upcoming has 30 rows (got $rows)" test "$rows" -eq 30
expect "its first row is today's" grep -q "^label	$(card_date "$today") · $headline" "$art/tree-upcoming.txt"
# Each row's title is `dose calendar`'s for its day (ItemLine: a title, or a question's text, never its answer),
# whatever the kinds of the coming days.
awk -F'\t' 'row && $1 == "label" { print $2 } { row = ($1 == "label" && $2 ~ / · (Fact|Formula|Question) of the day$/) }' \
    "$art/tree-upcoming.txt" >"$art/upcoming-titles.txt"
dose calendar --days 30 | cut -c27- >"$work/calendar-titles.txt"
expect "Upcoming's titles are dose calendar's, day for day" diff "$work/calendar-titles.txt" "$art/upcoming-titles.txt"
if grep "^label" "$art/tree-upcoming.txt" | grep -qF "Answer"; then fail "a label shows an answer"; fi

# A row of Upcoming, from the keyboard (GTK 4.8's list rows have no AT-SPI action): Tab to the list, Down to
# the fourth day, Enter opens that day's card.
atspi click "Upcoming"
sleep 0.5
for i in $(seq 12); do
    focused=$(atspi focused || true)
    [ "${focused%%	*}" = "list item" ] && break
    xdotool key Tab
    sleep 0.2
done
expect "Tab reaches the Upcoming list" test "${focused%%	*}" = "list item"
xdotool key Down Down Down
sleep 0.3
xdotool key Return
fourth=$(day_after "$today" 3)
expect "Enter on the fourth row shows that day's dose" atspi wait-card "$(title_on "$fourth")" 10
expect "with its kind and date" grep -qx "$(card_heading "$fourth")" <(atspi card)

# Back to today for the screenshots.
atspi click "Back to today"
expect "Back to today" atspi wait-card "$title" 10
sleep 0.5
mkdir -p "$screenshots"
app_screenshot "$screenshots/light.png"
light=$(convert "$screenshots/light.png" -crop 1x1+400+450 -format '%[fx:int(255*luminance)]' info:)
page_on_window "$screenshots/light.png" light
light_text=$(darkest "$screenshots/light.png")
xdotool windowsize "$window" 360 720
sleep 1
expect "the title still shows at 360 px" atspi wait-card "$title" 5
width=$(xdotool getwindowgeometry "$window" | sed -n 's/.*Geometry: \([0-9]*\)x.*/\1/p')
expect "the window is 360 px wide (got $width)" test "$width" -le 380
app_screenshot "$screenshots/narrow.png"
xdotool key ctrl+w
expect "closing the window ends the process" wait_for 10 bash -c "! kill -0 $app_pid 2>/dev/null"

# Dark: the desktop's preference changes while the window is open (GSettings' color-scheme, which
# libadwaita reads without a portal); the style and the page follow it.
app_start
expect "today's title again" atspi wait-card "$title" 10
gsettings set org.gnome.desktop.interface color-scheme prefer-dark
sleep 2
app_screenshot "$screenshots/dark.png"
dark=$(convert "$screenshots/dark.png" -crop 1x1+400+450 -format '%[fx:int(255*luminance)]' info:)
header=$(convert "$screenshots/dark.png" -crop 1x1+400+30 -format '%[fx:int(255*luminance)]' info:)
page_on_window "$screenshots/dark.png" dark
expect "the header is dark too ($header)" test "$header" -lt 120
log "page luminance light $light, dark $dark"
expect "the page is light in the light style" test "$light" -gt 200
expect "the page is dark in the dark style" test "$dark" -lt 60
# High contrast (the desktop's accessibility setting, which libadwaita reads like the colour scheme), light: the
# page's text turns fully opaque black as the window's does; in the plain light style it is Adwaita's 80 % black
# (a grey level of 50 on the window's background at best).
gsettings set org.gnome.desktop.interface color-scheme default
gsettings set org.gnome.desktop.a11y.interface high-contrast true
sleep 2
app_screenshot "$art/high-contrast.png"
contrast_text=$(darkest "$art/high-contrast.png")
log "the page's darkest text: $light_text light, $contrast_text in high contrast"
expect "light: the page's text is Adwaita's text colour ($light_text)" test "$light_text" -ge 40
expect "high contrast: the page's text is opaque ($contrast_text)" test "$contrast_text" -le 25
gsettings set org.gnome.desktop.a11y.interface high-contrast false
log "PASS"
