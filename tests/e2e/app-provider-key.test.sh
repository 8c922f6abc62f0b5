#!/usr/bin/env bash
# The AI provider's key from Preferences, keyboard only: Tab to the key row, type it, Enter; it lands in the
# Secret Service (a real GNOME Keyring on this bus) under the provider URL, never in the config file. Then the key
# is a state row, "Key saved" with Change… and Remove, and no emptied entry row whose Apply would remove it
# (issue 21): Remove takes it out of the keyring with a toast whose Undo puts the same key back there.
needs_app_bus=1
source "$(dirname "$0")/lib.sh"
app_up
dose import "$DOSE_ROOT/content/sample-pack.json" >/dev/null
provider="http://127.0.0.1:9/v1"
dose config set provider.url "$provider" >/dev/null
dose config set provider.model test-model >/dev/null
config="$XDG_CONFIG_HOME/daily-dose/config.ini"

# --unlock reads the login keyring's password from standard input (creating it); the daemon forks and keeps
# what it inherited, so its output goes to files.
printf pw | gnome-keyring-daemon --unlock --components=secrets >"$art/keyring.out" 2>"$art/keyring.err"
expect "the Secret Service is on the bus" wait_for 10 bus_has_owner org.freedesktop.secrets
keyring_pid=$(gdbus call --session --dest org.freedesktop.DBus --object-path /org/freedesktop/DBus \
    --method org.freedesktop.DBus.GetConnectionUnixProcessID org.freedesktop.secrets | sed 's/.*uint32 \([0-9]*\).*/\1/')
[ -n "$keyring_pid" ] || fail "no Secret Service on the bus"
bg_pids+=($keyring_pid)

app_start
window=$(xdotool search --name "^Daily Dose$" | head -1)
xdotool mousemove --window "$window" 300 300
xdotool key ctrl+comma
expect "Ctrl+, opens the preferences" wait_for 10 bash -c "/usr/bin/python3 '$DOSE_ROOT/tests/support/atspi_driver.py' windows | grep -qx Preferences"
atspi click "AI provider" "page tab"
pref=$(xdotool search --name "^Preferences$" | head -1)
xdotool mousemove --window "$pref" 5 5  # no window manager: the keyboard follows the pointer
# An entry row's focus is not reported over AT-SPI (GTK 4.8), the key row's peek button's is: Tab to it, then
# Shift+Tab back into the key row.
peek_focused() { atspi focused 2>/dev/null | grep -qx "push button	GtkImage"; }
for _ in $(seq 30); do
    peek_focused && break
    xdotool key Tab
    sleep 0.2
done
expect "Tab reaches the key row's peek button" peek_focused
xdotool key shift+Tab
sleep 0.3
xdotool type --delay 20 "sk-test-123"
xdotool key Return
expect "the key is in the Secret Service under the provider URL" wait_for 20 bash -c \
    "test \"\$(secret-tool lookup provider '$provider' 2>/dev/null)\" = sk-test-123"
expect "the group says what the provider is for, and nothing is missing" atspi wait \
    "Makes flashcard decks and quizzes for the topics you tick." 10
expect "the config file never holds it" bash -c "! grep -q sk-test-123 '$config'"
expect "the key is a state row now: Key saved" atspi wait "Key saved" 10
expect "with Remove" atspi wait "Remove" 5
expect "and no entry row left to apply empty" bash -c "! /usr/bin/python3 '$DOSE_ROOT/tests/support/atspi_driver.py' text 'API key' 2>/dev/null"

# Remove: out of the keyring at once, with an Undo that puts the same key back.
keyring_has() { [ "$(secret-tool lookup provider "$provider" 2>/dev/null)" = "$1" ]; }
keyring_empty() { [ -z "$(secret-tool lookup provider "$provider" 2>/dev/null)" ]; }
atspi click "Remove"
expect "Remove takes the key out of the Secret Service" wait_for 20 keyring_empty
# The toast lives 10 s and one walk of the tree takes seconds on a loaded machine: its button is found in one walk
# (GTK 4.8 names it "Undo Undo", from its label twice) and clicked with the pointer, as a person does.
undo_box() { DOSE_ATSPI_WINDOW=Preferences atspi extents "Undo Undo" "push button" >"$work/undo-box" 2>/dev/null \
    || DOSE_ATSPI_WINDOW=Preferences atspi extents "Undo" "push button" >"$work/undo-box" 2>/dev/null; }
expect "the toast offers Undo" wait_for 8 undo_box
read -r x y width height <"$work/undo-box"
xdotool mousemove --window "$pref" $((x + width / 2)) $((y + height / 2)) click 1
expect "Undo puts the same key back in the Secret Service" wait_for 20 keyring_has sk-test-123
expect "and the row says Key saved again" atspi wait "Key saved" 10
# Removed again and left so: the entry row is back, to type a new key.
atspi click "Remove"
expect "Remove again empties the Secret Service" wait_for 20 keyring_empty
expect "and the entry row is back" wait_for 20 bash -c "/usr/bin/python3 '$DOSE_ROOT/tests/support/atspi_driver.py' text 'API key' >/dev/null"
expect "the config file still never holds it" bash -c "! grep -q sk-test-123 '$config'"
log "PASS"
