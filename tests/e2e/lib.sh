# Shared helpers for the end-to-end scenarios. Each scenario sources this, then calls `desktop_up`.
# A scenario that sets `needs_session_bus=1` first is re-run inside its own private session bus
# (a config with no service directories, so nothing is D-Bus-activated behind the test's back).
set -euo pipefail

if [ -n "${needs_session_bus:-}" ] && [ -z "${DOSE_IN_BUS:-}" ]; then
    exec env DOSE_IN_BUS=1 dbus-run-session --config-file="$DOSE_ROOT/tests/e2e/session.conf" -- bash "$0" "$@"
fi

: "${DOSE_BIN:?}" "${DOSE_ROOT:?}" "${DOSE_ARTIFACTS:?}"
scenario=$(basename "$0" .test.sh)
work=$(mktemp -d "/tmp/dose-e2e-$scenario.XXXXXX")
art="$DOSE_ARTIFACTS/$scenario"
mkdir -p "$art"

export HOME="$work/home" XDG_DATA_HOME="$work/data" XDG_CONFIG_HOME="$work/config"
export XDG_STATE_HOME="$work/state" XDG_CACHE_HOME="$work/cache" XDG_RUNTIME_DIR="$work/runtime"
export TZ="${TZ:-UTC}" LANG=C.UTF-8 NO_AT_BRIDGE=1
mkdir -p "$HOME" "$XDG_DATA_HOME/applications" "$XDG_CONFIG_HOME" "$XDG_RUNTIME_DIR"
chmod 700 "$XDG_RUNTIME_DIR"

bg_pids=()
cleanup() {
    for pid in "${bg_pids[@]}"; do kill "$pid" 2>/dev/null || true; done
    wait 2>/dev/null || true
    rm -rf "$work"
}
trap cleanup EXIT

log() { echo "[$(date +%T)] $*"; }
fail() { echo "FAILED: $*"; exit 1; }
expect() { # expect DESCRIPTION COMMAND...
    local what=$1; shift
    if "$@"; then log "ok: $what"; else fail "$what"; fi
}

dose() { "$DOSE_BIN/dose" "$@"; }

# A display and a notification server, on the session bus this scenario runs in.
desktop_up() {
    local display
    display=$(( 100 + RANDOM % 800 ))
    Xvfb ":$display" -screen 0 1280x800x24 -nolisten tcp >"$art/xvfb.log" 2>&1 &
    bg_pids+=($!)
    export DISPLAY=":$display"
    for _ in $(seq 50); do xdpyinfo >/dev/null 2>&1 && break; sleep 0.1; done
    stdbuf -oL dbus-monitor --session "interface='org.freedesktop.Notifications'" >"$art/dbus-monitor.txt" 2>&1 &
    bg_pids+=($!)
    sleep 0.3
}

dunst_pid=""
dunst_up() {
    dunst -config "$DOSE_ROOT/tests/e2e/dunstrc" >>"$art/dunst.log" 2>&1 &
    dunst_pid=$!
    bg_pids+=($dunst_pid)
    for _ in $(seq 50); do
        dbus-send --session --print-reply --dest=org.freedesktop.DBus / org.freedesktop.DBus.NameHasOwner \
            string:org.freedesktop.Notifications 2>/dev/null | grep -q true && return 0
        sleep 0.1
    done
    fail "dunst did not take the bus name"
}
dunst_down() {
    [ -n "$dunst_pid" ] && kill "$dunst_pid" 2>/dev/null && wait "$dunst_pid" 2>/dev/null || true
    dunst_pid=""
}

# A default handler for the dose page that records what it was asked to open.
install_test_handler() {
    cat >"$work/record-open.sh" <<HANDLER
#!/bin/sh
{ echo "uri=\$1"; echo "token=\${XDG_ACTIVATION_TOKEN:-}"; } >>"$work/opened.log"
HANDLER
    chmod +x "$work/record-open.sh"
    cat >"$XDG_DATA_HOME/applications/dose-test-handler.desktop" <<DESKTOP
[Desktop Entry]
Type=Application
Name=Dose test handler
Exec=$work/record-open.sh %u
MimeType=text/html;
NoDisplay=true
DESKTOP
    printf '[Default Applications]\ntext/html=dose-test-handler.desktop\n' >"$XDG_CONFIG_HOME/mimeapps.list"
}

# How many Notify calls the bus has seen.
notify_count() { grep -c "member=Notify$" "$art/dbus-monitor.txt" || true; }

wait_for() { # wait_for SECONDS COMMAND...: polls until the command succeeds
    local seconds=$1; shift
    local deadline=$(( $(date +%s) + seconds ))
    until "$@"; do
        [ "$(date +%s)" -ge "$deadline" ] && return 1
        sleep 0.2
    done
}

# Prints the HH:MM of the next minute that starts at least 5 s from now (in $TZ).
next_minute() {
    local now seconds
    now=$(date +%s)
    seconds=$(( 60 - now % 60 ))
    [ "$seconds" -lt 5 ] && seconds=$(( seconds + 60 ))
    date -d "@$(( now + seconds ))" +%H:%M
}

# Seconds from now until the start of that minute.
seconds_until() { # seconds_until HH:MM
    local target now
    target=$(date -d "$1" +%s)
    now=$(date +%s)
    [ "$target" -lt "$now" ] && target=$(( target + 86400 ))
    echo $(( target - now ))
}

# Left-clicks the first dunst notification window.
click_notification() {
    local window
    window=$(xdotool search --class dunst | head -1)
    [ -n "$window" ] || fail "no dunst window to click"
    xdotool mousemove --window "$window" 40 20 click 1
}

# Loads a page in headless Chromium: DOM to $2, screenshot to $3.
chromium_load() { # chromium_load FILE DOM_OUT PNG_OUT
    local flags=(--headless --no-sandbox --disable-gpu --no-first-run --disable-extensions
                 --virtual-time-budget=5000 --user-data-dir="$work/chromium")
    timeout 90 chromium "${flags[@]}" --dump-dom "file://$1" >"$2" 2>>"$art/chromium.log"
    timeout 90 chromium "${flags[@]}" --window-size=900,700 --screenshot="$3" "file://$1" >>"$art/chromium.log" 2>&1
}

# For wait_for: true once the bus has seen at least / exactly N Notify calls (evaluated on each poll).
notified_at_least() { [ "$(notify_count)" -ge "$1" ]; }
notified_exactly() { [ "$(notify_count)" -eq "$1" ]; }
# Holds while the bus sees no more than N Notify calls for SECONDS (fails at once when exceeded), then exactly N.
notified_exactly_for() { # notified_exactly_for N SECONDS
    local end=$(( $(date +%s) + $2 ))
    while [ "$(date +%s)" -lt "$end" ]; do
        [ "$(notify_count)" -le "$1" ] || return 1
        sleep 0.5
    done
    [ "$(notify_count)" -eq "$1" ]
}
