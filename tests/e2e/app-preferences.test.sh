#!/usr/bin/env bash
# Preferences from the keyboard: Ctrl+, opens them, the notify time typed and applied changes the config file
# through `dose config set`'s validation (a bad time is refused in the app's words and leaves the file alone), the branch picked
# from the keyboard, Escape closes them; app.preferences twice gives one window, current after `dose config set`.
needs_app_bus=1
source "$(dirname "$0")/lib.sh"
app_up
dose import "$DOSE_ROOT/content/sample-pack.json" >/dev/null
config="$XDG_CONFIG_HOME/daily-dose/config.ini"
app_start
window=$(xdotool search --name "^Daily Dose$" | head -1)
xdotool mousemove --window "$window" 300 300
xdotool key ctrl+comma
expect "Ctrl+, opens the preferences" wait_for 10 bash -c "/usr/bin/python3 '$DOSE_ROOT/tests/support/atspi_driver.py' windows | grep -qx Preferences"
atspi dump >"$art/tree-preferences.txt"
expect "the notify time row shows the default" test "$(atspi text "Notify time (HH:MM)")" = "08:00"

atspi set-text "Notify time (HH:MM)" "25:99"
atspi click "Apply"
# The toast is read while it is up (a loaded machine took 32 s for one read of this tree: poll, don't sleep).
refusal_shown() { preferences_atspi dump >"$art/tree-refused.txt"; grep -q "^label	Type a time such as 7:30 or 18:05." "$art/tree-refused.txt"; }
expect "the refusal is shown, in the app's words (what to type)" wait_for 15 refusal_shown
if grep -q "notify-time" "$config" 2>/dev/null; then fail "a refused time reached the config file"; fi

atspi set-text "Notify time (HH:MM)" "7:05"
atspi click "Apply"
expect "the config file has the new time" wait_for 10 grep -qs "^notify-time=07:05" "$config"
expect "dose config get agrees" test "$(dose config get notify-time)" = "07:05"
# The row shows the stored 07:05 with no Apply button left to offer saving it again (issue 21: the ✓ stayed).
expect "the row shows what was stored" wait_for 10 bash -c "test \"\$(/usr/bin/python3 '$DOSE_ROOT/tests/support/atspi_driver.py' text 'Notify time (HH:MM)')\" = 07:05"
expect "and its Apply button is gone" preferences_atspi gone "Apply" 10

# No window manager here: focus the preferences as one would.
pref=$(xdotool search --name "^Preferences$" | head -1)
xdotool windowfocus --sync "$pref"
xdotool mousemove --window "$pref" 100 5

# The branch from the keyboard: Tab to its row, Enter opens the list ("No branch", "Common only", then the pool's
# codes in `dose config list --branches` order); Down, Enter picks common only; again, Down, Enter the first code.
dose config list --branches >"$work/branches.txt"
first_code=$(awk 'NR == 1 {print $1}' "$work/branches.txt")
for i in $(seq 12); do
    focused=$(atspi focused || true)
    [ "$focused" = "combo box	Branch" ] && break
    xdotool key Tab
    sleep 0.2
done
expect "Tab reaches the branch row" test "$focused" = "combo box	Branch"
pick_next() { # opens the list, moves one down from the current entry, picks it
    xdotool key Return
    sleep 0.5
    xdotool key Down
    sleep 0.2
    xdotool key Return
}
pick_next
expect "the config file has branch common (common only)" wait_for 10 grep -qs "^branch=common$" "$config"
expect "dose today agrees: an untagged dose" bash -c "'$DOSE_BIN/dose' today --json | grep -q '\"tags\":\[\]'"
sleep 1  # the list's popover closes with an animation; until then it has the keyboard
pick_next
expect "the config file has branch $first_code" wait_for 10 grep -qs "^branch=$first_code$" "$config"
expect "the app is still running" kill -0 "$app_pid"
sleep 1  # the list's popover closes with an animation; until then it has the keyboard

xdotool key Escape
expect "Escape closes the preferences" wait_for 10 bash -c "! /usr/bin/python3 '$DOSE_ROOT/tests/support/atspi_driver.py' windows | grep -qx Preferences"
expect "the main window stays" bash -c "/usr/bin/python3 '$DOSE_ROOT/tests/support/atspi_driver.py' windows | grep -qx 'Daily Dose'"

# One Preferences window (issue 19): app.preferences again presents the one open, showing what is stored now
# (here changed by `dose config set` meanwhile), and while open it follows the config file.
preferences_windows() { atspi windows | grep -cx Preferences || true; }
preferences_open() { [ "$(preferences_windows)" -ge 1 ]; }
notify_row_says() { [ "$(atspi text "Notify time (HH:MM)")" = "$1" ]; }
gapplication action net.dailydose.DailyDose preferences
expect "app.preferences opens them" wait_for 10 preferences_open
expect "with the time stored" wait_for 10 notify_row_says 07:05
dose config set notify-time 09:30 >/dev/null
gapplication action net.dailydose.DailyDose preferences
expect "presented again, they show the time set in the terminal" wait_for 10 notify_row_says 09:30
expect "in one Preferences window" test "$(preferences_windows)" = 1
dose config set notify-time 10:15 >/dev/null
expect "the open window follows the config file" wait_for 10 notify_row_says 10:15
expect "still one Preferences window" test "$(preferences_windows)" = 1
log "PASS"
