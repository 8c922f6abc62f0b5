#!/usr/bin/env bash
# The app's chrome (issue 21), as GNOME apps have it: a primary menu in the header (its button named, F10 opens
# it) with Preferences, Keyboard Shortcuts and About; Ctrl+? opens the Keyboard Shortcuts window, which lists the
# keys the app binds; About shows the version `dose --version` prints; the window comes back at the size it was
# left at; Ctrl+Q quits with the Preferences window open (closing the main window alone would not end the app).
needs_app_bus=1
source "$(dirname "$0")/lib.sh"
app_up
dose import "$DOSE_ROOT/content/sample-pack.json" >/dev/null
state="$XDG_STATE_HOME/daily-dose/window-state"
# The app's icon where an installed one is found (the About window shows it).
install -Dm644 "$DOSE_ROOT/desktop/net.dailydose.DailyDose.svg" "$XDG_DATA_HOME/icons/hicolor/scalable/apps/net.dailydose.DailyDose.svg"
app_start
window=$(xdotool search --name "^Daily Dose$" | head -1)
xdotool mousemove --window "$window" 300 300
in_window() { xdotool mousemove --window "$(xdotool search --name "^Daily Dose$" | head -1)" 300 300; }
windows() { atspi windows; }
has_window() { windows | grep -qx "$1"; }
no_window() { ! has_window "$1"; }
ended() { ! running "$1"; }

# The primary menu: its button has a name, F10 opens it, and it holds the three entries.
expect "the header has the main menu's button, named" atspi wait "Main Menu" 10
# Every control and row has a name a screen reader can say (not nothing, not GTK's class name), on each page.
unnamed_controls() { # unnamed_controls DUMP: the controls and rows in DUMP without a name of their own
    awk -F'\t' '$1 ~ /^(push button|toggle button|check box|radio button|menu item|page tab|list item|combo box|spin button|switch|link)$/ && ($2 == "" || $2 ~ /^(Gtk|Adw)/)' "$1"
}
for page in Dose Upcoming Learn; do
    atspi click "$page"
    sleep 0.5
    atspi dump >"$art/tree-$page.txt"
    unnamed=$(unnamed_controls "$art/tree-$page.txt" | sort | uniq -c)
    [ -n "$unnamed" ] && log "unnamed on $page: $unnamed"
    expect "every control and row on $page has a name" test -z "$unnamed"
done
atspi click Dose
xdotool key F10
expect "F10 opens the main menu" atspi wait "About Daily Dose" 10
for entry in Preferences "Keyboard Shortcuts" "About Daily Dose"; do
    expect "the main menu has \"$entry\"" atspi wait "$entry" 5
done
atspi dump >"$art/tree-menu.txt"
app_screenshot "$art/main-menu.png"

xdotool key Escape
expect "Escape closes the menu" atspi gone "About Daily Dose" 10

# Page-specific header controls: the day buttons are the card's, gone on Upcoming and Learn.
expect "the card's header has Previous day" atspi wait "Previous day" 5
for page in Upcoming Learn; do
    atspi click "$page"
    expect "$page's header has no day buttons" atspi gone "Previous day" 10
done
atspi click Dose
expect "back on the card, the day buttons are back" atspi wait "Back to today" 10

# About, from the menu: a window of its own with the version the command line gives.
in_window
xdotool key F10
expect "F10 opens the main menu again" atspi wait "About Daily Dose" 10
atspi click "About Daily Dose"
version=$(dose --version | awk '{print $NF}')
expect "About opens" wait_for 10 has_window About
shows_version() { DOSE_ATSPI_WINDOW=About atspi dump | grep -q "	$version"; }
expect "About shows version $version" wait_for 10 shows_version
DOSE_ATSPI_WINDOW=About atspi dump >"$art/tree-about.txt"
expect "About names the licence" grep -q "MIT" "$art/tree-about.txt"
import -window "$(xdotool search --name "^About$" | head -1)" "$art/about.png" || true
xdotool key Escape
expect "Escape closes About" wait_for 10 no_window About

# Ctrl+?: the Keyboard Shortcuts window lists what the app binds, in the app's words.
in_window
xdotool key ctrl+question
expect "Ctrl+? opens the Keyboard Shortcuts window" wait_for 10 has_window "Keyboard Shortcuts"
DOSE_ATSPI_WINDOW="Keyboard Shortcuts" atspi dump >"$art/tree-shortcuts.txt"
for title in Preferences "Keyboard shortcuts" "Main menu" Quit "Previous day" "Next day" "Back to today" "Undo the last grade" "Leave the quiz"; do
    expect "the shortcuts window lists \"$title\"" grep -q "	$title	" "$art/tree-shortcuts.txt"
done
import -window "$(xdotool search --name "^Keyboard Shortcuts$" | head -1)" "$art/shortcuts.png" || true
xdotool key Escape
expect "Escape closes it" wait_for 10 no_window "Keyboard Shortcuts"

# The size is remembered: resized, closed with Ctrl+W, started again at that size.
geometry() { xdotool getwindowgeometry "$(xdotool search --name "^Daily Dose$" | head -1)" | sed -n 's/.*Geometry: \([0-9x]*\).*/\1/p'; }
first=$(geometry)
xdotool windowsize "$window" 930 610
sized() { [ "$(geometry)" = "$1" ]; }
expect "the window takes the new size" wait_for 10 sized 930x610
sleep 0.5
in_window
xdotool key ctrl+w
expect "Ctrl+W closes the window and the app" wait_for 15 ended "$app_pid"
log "window state file: $(tr '\n' ' ' <"$state" 2>/dev/null)"
expect "the size was saved on closing" grep -q "^maximized=false$" "$state"
app_start
log "first run $first; after resizing to 930x610 and a restart: $(geometry)"
expect "the window comes back at 930x610" test "$(geometry)" = 930x610
app_screenshot "$art/window-restored.png"

# Ctrl+Q with Preferences open: the whole app ends, and the size is saved again.
app_action preferences
expect "Preferences open" wait_for 10 has_window Preferences
rm -f "$state"
# Typed in the Preferences window (modal over the main one, which takes no keys meanwhile): Quit is the app's.
xdotool mousemove --window "$(xdotool search --name "^Preferences$" | head -1)" 100 100
xdotool key ctrl+q
expect "Ctrl+Q ends the app, Preferences and all" wait_for 15 ended "$app_pid"
expect "Quit saved the size too" grep -q "^width=" "$state"
app_pid=""
log "PASS"
