#!/usr/bin/env bash
# A pack on disk, chosen rather than typed (issue 21): on the welcome page "Open a Pack File…" opens the file
# chooser (GtkFileChooserNative; with no portal here, GTK's own dialog "Open a Pack" over the window), the path is
# given as a user would by keyboard (Ctrl+L, the path, Enter), and the pack is imported and kept as the source, so
# later syncs read the same file. Cancel imports nothing. In Preferences the source row's "Choose a Pack File…"
# stores another file the same way.
needs_app_bus=1
source "$(dirname "$0")/lib.sh"
app_up
config="$XDG_CONFIG_HOME/daily-dose/config.ini"
fake_systemd_up dose-notify.service=disabled dose-daemon.service=disabled
cp "$DOSE_ROOT/content/sample-pack.json" "$work/my pack.json"

app_start
expect "an empty pool opens the welcome page" atspi wait "Welcome to Daily Dose" 10
expect "the page offers a pack file" atspi wait "Open a Pack File…" 10
dialog_shows() { xdotool search --onlyvisible --name "^Open a Pack\$" >/dev/null; }
# Gives the open file chooser a path by keyboard, as a user would: Ctrl+L opens the location entry, then Enter.
choose_path() { # choose_path PATH
    local dialog
    dialog=$(xdotool search --onlyvisible --name "^Open a Pack$" | head -1)
    xdotool mousemove --window "$dialog" 20 20  # no window manager: the keyboard follows the pointer
    xdotool windowfocus --sync "$dialog" 2>/dev/null || true
    xdotool key ctrl+l
    sleep 0.5
    xdotool type --delay 20 "$1"
    sleep 0.5
    xdotool key Return
}

# Cancel: nothing imported, nothing stored.
atspi click "Open a Pack File…"
expect "the file chooser opens" wait_for 15 dialog_shows
dialog=$(xdotool search --onlyvisible --name "^Open a Pack$" | head -1)
xdotool mousemove --window "$dialog" 20 20
xdotool windowfocus --sync "$dialog" 2>/dev/null || true
xdotool key Escape
expect "Escape closes it" wait_for 10 bash -c "! xdotool search --onlyvisible --name '^Open a Pack\$' >/dev/null"
expect "nothing was imported" test ! -e "$XDG_STATE_HOME/daily-dose/snapshot.json"
expect "no source was stored" bash -c "! grep -qs '^source=' '$config'"

# A file, by keyboard: its path has a space.
atspi click "Open a Pack File…"
expect "the file chooser opens again" wait_for 15 dialog_shows
choose_path "$work/my pack.json"
expect "the chosen pack is imported" atspi wait "328 doses imported" 60
expect "and kept as the source" grep -qx "source=$work/my pack.json" "$config"
expect "dose agrees" test "$(dose config get source)" = "$work/my pack.json"
app_screenshot "$art/imported.png"

# Preferences: the source row's button chooses another file, stored as a typed path would be.
cp "$work/my pack.json" "$work/other.json"
atspi click "Show today's dose"
expect "the card shows" atspi wait "Dose" 20
app_action preferences
expect "Preferences open" wait_for 15 bash -c "/usr/bin/python3 '$DOSE_ROOT/tests/support/atspi_driver.py' windows | grep -qx Preferences"
preferences_atspi click "Content"
expect "the source row offers a pack file" preferences_atspi wait "Choose a Pack File…" 10
preferences_atspi click "Choose a Pack File…"
expect "the file chooser opens from Preferences" wait_for 15 dialog_shows
choose_path "$work/other.json"
expect "the other file is the source now" wait_for 15 grep -qx "source=$work/other.json" "$config"
expect "and the row shows it" wait_for 10 bash -c "test \"\$(DOSE_ATSPI_WINDOW=Preferences /usr/bin/python3 '$DOSE_ROOT/tests/support/atspi_driver.py' text 'Content source')\" = '$work/other.json'"
log "done"
