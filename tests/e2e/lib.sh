# Shared helpers for the end-to-end scenarios. Each scenario sources this, then calls `desktop_up`.
# A scenario that sets `needs_session_bus=1` first is re-run inside its own private session bus
# (a config with no service directories, so nothing is D-Bus-activated behind the test's back).
# `needs_app_bus=1` (the app's scenarios, and the click scenarios that end in the real app) is that bus with
# one service directory, $DOSE_SERVICE_DIR, holding the app's D-Bus service file from the start, pointing at
# the daily-dose under test (`app_not_activatable` takes it away, `app_activatable` puts it back), and
# nothing else; `app_up` hands the test's environment to whatever the bus activates, so one bus setup serves
# the window and the clicks.
set -Eeuo pipefail

# The shipped D-Bus service file (desktop/net.dailydose.DailyDose.service) with @bindir@ at the binary under test.
app_service_file() {
    sed "s|^Exec=@bindir@/daily-dose|Exec=$DOSE_BIN/daily-dose|" "$DOSE_ROOT/desktop/net.dailydose.DailyDose.service"
}
if [ -n "${needs_app_bus:-}" ]; then needs_session_bus=1; fi
if [ -n "${needs_session_bus:-}" ] && [ -z "${DOSE_IN_BUS:-}" ]; then
    : "${DOSE_BIN:?}" "${DOSE_ROOT:?}"
    bus_config="$DOSE_ROOT/tests/e2e/session.conf"
    if [ -n "${needs_app_bus:-}" ]; then
        DOSE_SERVICE_DIR=$(mktemp -d /tmp/dose-e2e-services.XXXXXX)
        export DOSE_SERVICE_DIR
        sed "s|</busconfig>|  <servicedir>$DOSE_SERVICE_DIR</servicedir>\n</busconfig>|" "$bus_config" >"$DOSE_SERVICE_DIR/session.conf"
        bus_config="$DOSE_SERVICE_DIR/session.conf"
        app_service_file >"$DOSE_SERVICE_DIR/net.dailydose.DailyDose.service"
    fi
    exec env DOSE_IN_BUS=1 dbus-run-session --config-file="$bus_config" -- bash "$0" "$@"
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
# Whether PID is a process that has not ended (a zombie has: it only waits to be reaped).
running() { local stat; stat=$(cat "/proc/$1/stat" 2>/dev/null) || return 1; stat=${stat##*) }; [ "${stat%% *}" != Z ]; }
# Whether PID is still a process this scenario's shell started: its child, or a child's child (a scheduler under
# faketime). Once bash has reaped a background job its pid is free, and minutes later (32,768 pids, a few hundred
# processes a second across the scenarios) another scenario's process may hold it: run 14's `notify-locale` lost
# its dunst that way to `late-bus`'s cleanup. So a pid is signalled only while it is ours; an unreaped child's pid
# cannot be reused.
ours() {
    local pid=$1 stat _
    for _ in 1 2 3 4; do
        stat=$(cat "/proc/$pid/stat" 2>/dev/null) || return 1
        stat=${stat##*) }
        set -- $stat
        [ "$2" = "$$" ] && return 0
        pid=$2
        [ "$pid" -gt 1 ] || return 1
    done
    return 1
}
# Ends one of this shell's background processes, if it is still ours, and reaps it (stop_child PID [SIGNAL]).
stop_child() {
    if ours "$1"; then kill "-${2:-TERM}" "$1" 2>/dev/null || true; fi
    wait "$1" 2>/dev/null || true
}
# Ends every background process of this scenario, bg_pids and any other job of this shell, while it is still
# ours: SIGTERM, up to 5 s to go, then SIGKILL; then reaps each by its pid, so `wait` cannot hang on one that
# ignores SIGTERM. Its `dose daemon`s (daemon_instances, found by this scenario's HOME in their environment) too.
# What a background process started in turn, and D-Bus-activated programs, are tests/run-e2e.sh's to end
# (bounded_run.py).
cleanup() {
    local pid pids=() alive
    for pid in "${bg_pids[@]}" $(jobs -p); do ours "$pid" && pids+=("$pid"); done
    pids+=($(daemon_instances))
    for pid in "${pids[@]}"; do kill "$pid" 2>/dev/null || true; done
    for _ in $(seq 50); do
        alive=""
        for pid in "${pids[@]}"; do running "$pid" && alive=1 && break; done
        [ -z "$alive" ] && break
        sleep 0.1
    done
    for pid in "${pids[@]}"; do if running "$pid"; then kill -KILL "$pid" 2>/dev/null || true; fi; done
    for pid in "${pids[@]}"; do wait "$pid" 2>/dev/null || true; done
    rm -rf "$work"
    [ -n "${DOSE_SERVICE_DIR:-}" ] && rm -rf "$DOSE_SERVICE_DIR"
    return 0
}
trap cleanup EXIT
# A command that ends the scenario through `set -e` says where, so a CI log never shows a bare FAIL. Only when it
# does end it: in the scenario's own shell (`set -E` hands the trap to command substitutions too, where a failing
# command, a `grep -v` that selects nothing, is a value, and a line on stdout there would become part of it) and
# with errexit on (the trap also runs between `set +e` and `set -e`, where a status is collected on purpose).
trap 'rc=$?; [ "$BASH_SUBSHELL" -eq 0 ] && [[ $- == *e* ]] && echo "FAILED: line $LINENO of $(basename "$0"): \"$BASH_COMMAND\" exited $rc" >&2' ERR

log() { echo "[$(date +%T)] $*"; }
fail() { echo "FAILED: $*"; exit 1; }
expect() { # expect DESCRIPTION COMMAND...
    local what=$1; shift
    if "$@"; then log "ok: $what"; else fail "$what"; fi
}

dose() { "$DOSE_BIN/dose" "$@"; }

# A display and a notification server, on the session bus this scenario runs in.
desktop_up() {
    local display=""
    # Xvfb picks a free display itself (-displayfd: it takes the first number whose lock file it can create and
    # writes it once it accepts connections); a random number collided with another scenario's display once,
    # and this scenario then drove that one's X server.
    Xvfb -displayfd 5 -screen 0 1280x800x24 -nolisten tcp -noreset 5>"$work/display" >"$art/xvfb.log" 2>&1 &
    bg_pids+=($!)
    for _ in $(seq 100); do
        # `|| true`: the file is created by the background job, maybe after this first look; a failing
        # substitution would end the scenario silently under `set -e`.
        display=$(head -n 1 "$work/display" 2>/dev/null || true)
        [ -n "$display" ] && break
        sleep 0.1
    done
    [ -n "$display" ] || fail "Xvfb did not start (artifacts: xvfb.log)"
    export DISPLAY=":$display"
    for _ in $(seq 50); do xdpyinfo >/dev/null 2>&1 && break; sleep 0.1; done
    stdbuf -oL dbus-monitor --session "interface='org.freedesktop.Notifications'" >"$art/dbus-monitor.txt" 2>&1 &
    bg_pids+=($!)
    # What the app is asked (ActivateAction, Activate), by the scheduler, the Shell or a launcher.
    stdbuf -oL dbus-monitor --session "type='method_call',interface='org.freedesktop.Application'" >"$art/dbus-app.txt" 2>&1 &
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
    [ -n "$dunst_pid" ] && stop_child "$dunst_pid"
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

# The clock the programs under test read (WallClock's test seam): the real one moved by $DOSE_TEST_CLOCK_OFFSET,
# which tests/run-e2e.sh sets to put the scenario on one of its fixed dates (unset: the real clock). Every "now"
# an expectation is computed from comes from here (the run-e2e.sh check refuses `date` reading the clock in a
# scenario); durations may use the real clock.
clock_now() { echo $(( $(date +%s) + ${DOSE_TEST_CLOCK_OFFSET:-0} )); }
clock_date() { date -d "@$(clock_now)" "$@"; } # clock_date [-u] [+FORMAT]: `date` at the programs' now, in $TZ
# The day N days after DATE (YYYY-MM-DD), by the calendar.
day_after() { date -d "$1 + $2 day" +%F; } # day_after DATE N

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
    now=$(clock_now)
    seconds=$(( 60 - now % 60 ))
    [ "$seconds" -lt 5 ] && seconds=$(( seconds + 60 ))
    date -d "@$(( now + seconds ))" +%H:%M
}

# Seconds from now until the start of that minute.
seconds_until() { # seconds_until HH:MM
    local target now
    now=$(clock_now)
    target=$(date -d "$(date -d "@$now" +%F) $1" +%s)
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

# --- The desktop app, and the notification servers' clicks (issue 13) ---

app_id=net.dailydose.DailyDose

bus_has_owner() { # bus_has_owner NAME
    dbus-send --session --print-reply --dest=org.freedesktop.DBus / org.freedesktop.DBus.NameHasOwner \
        "string:$1" 2>/dev/null | grep -q true
}

# Makes daily-dose D-Bus activatable on this bus (its service file, as the daily-dose-app package installs
# it) and installs its desktop entry (which GNOME Shell asks for); needs needs_app_bus=1.
app_activatable() {
    [ -n "${DOSE_SERVICE_DIR:-}" ] || fail "app_activatable needs needs_app_bus=1"
    app_service_file >"$DOSE_SERVICE_DIR/$app_id.service"
    dbus-send --session --print-reply --dest=org.freedesktop.DBus / org.freedesktop.DBus.ReloadConfig >/dev/null
    cp "$DOSE_ROOT/desktop/$app_id.desktop" "$XDG_DATA_HOME/applications/$app_id.desktop"
}
# The app not installed: no service file, no desktop entry.
app_not_activatable() {
    rm -f "$DOSE_SERVICE_DIR/$app_id.service" "$XDG_DATA_HOME/applications/$app_id.desktop"
    dbus-send --session --print-reply --dest=org.freedesktop.DBus / org.freedesktop.DBus.ReloadConfig >/dev/null
}

# How many times the app was asked to open ID (ActivateAction open-dose ID on the bus, whoever sent it).
app_asked() { # app_asked ID
    awk -v id="\"$1\"" '/^method call/ { open = /member=ActivateAction$/; action = 0; next }
        open && /string "open-dose"/ { action = 1; next }
        open && action && index($0, "string " id) { n++; open = 0 }
        END { print n + 0 }' "$art/dbus-app.txt"
}
# The platform data of the last ActivateAction open-dose ID (desktop-startup-id, activation-token), one a line.
app_asked_tokens() { # app_asked_tokens ID
    awk -v id="\"$1\"" '/^(method call|signal|method return)/ { if (hit) last = block; block = ""; hit = 0
                                                          open = /member=ActivateAction$/ }
        open { block = block "\n" $0 }
        open && index($0, "string " id) { hit = 1 }
        END { if (hit) last = block; print last }' "$art/dbus-app.txt" \
        | awk '/string "(desktop-startup-id|activation-token)"/ { key = $2; getline; print key, $3 }' | tr -d '"'
}

# The summary and the body of the last Notify call on the bus, one a line: what the notification advertised
# ("Fact of the day: TITLE" and the text; an item without a title: "Question of the day" and its text).
last_notify_copy() {
    awk '/member=Notify$/ { n = 0; at = 1; next } at { n++ } at && n == 4 { summary = $0 } at && n == 5 { body = $0; at = 0 }
        END { print summary; print body }' "$art/dbus-monitor.txt" | sed 's/^ *string "//; s/"$//'
}

# The title the card shows for DAY's dose, in `dose calendar`'s words: ItemLine.title, the card's too (a title as
# plain text, or without one the text's start, cut near 60 columns), so the same for a fact, a formula and a
# question. Never a field of `dose today --json` (a question has no title).
title_on() { dose calendar --from "$1" --days 1 | cut -c27-; } # title_on YYYY-MM-DD
# The kind of DAY's dose, as `dose today --date` picks it.
kind_on() { dose today --date "$1" --json | /usr/bin/python3 -c 'import json, sys; print(json.loads(sys.stdin.readline())["kind"])'; }
# The card's first label for KIND, as the app words it under C (Kind.headline).
headline_of() { # headline_of KIND
    case $1 in fact) echo "Fact of the day" ;; formula) echo "Formula of the day" ;; question) echo "Question of the day" ;; esac
}
# The kind's name in the card's heading under C (Kind.name), before its day: "Question · Monday, November 30, 2026".
kind_name_of() { # kind_name_of KIND
    case $1 in fact) echo "Fact" ;; formula) echo "Formula" ;; question) echo "Question" ;; esac
}
# The id of DAY's dose, as `dose today --date` picks it.
id_on() { dose today --date "$1" --json | /usr/bin/python3 -c 'import json, sys; print(json.loads(sys.stdin.readline())["id"])'; }
# The title the card shows for item ID (its title, or the text's start), in `dose list`'s words.
item_title() { # item_title ID
    dose list >"$work/all-items.txt" 2>/dev/null
    awk -v id="$1" '$1 == id' "$work/all-items.txt" | sed -n 1p | cut -d' ' -f2- | sed 's/^ *[a-z]* *//'
}

# A notification server by name: dunst (the test configuration: a left click runs the default action),
# dunst-stock (Debian's /etc/xdg/dunst/dunstrc: a left click closes, a middle click runs it),
# xfce4-notifyd (a body click closes; the Open button runs the id's action), mate (a body click runs it),
# lxqt (lxqt-notificationd 1.2: a body click runs it and leaves the notification up; all its notifications in one
# window, the newest at the bottom), notification-daemon (the GNOME fallback, 3.20: a body click runs it and
# closes; one notification on screen at a time, the rest queued; one with actions never expires).
server_pid=""
server_name=""
server_up() { # server_up NAME
    server_name=$1
    case $1 in
        dunst) dunst -config "$DOSE_ROOT/tests/e2e/dunstrc" >>"$art/server-$1.log" 2>&1 & ;;
        dunst-stock) dunst -config /etc/xdg/dunst/dunstrc >>"$art/server-$1.log" 2>&1 & ;;
        xfce4-notifyd) /usr/lib/x86_64-linux-gnu/xfce4/notifyd/xfce4-notifyd >>"$art/server-$1.log" 2>&1 & ;;
        mate) /usr/lib/mate-notification-daemon/mate-notification-daemon --replace >>"$art/server-$1.log" 2>&1 & ;;
        # It reads and writes its settings under $XDG_CONFIG_HOME/lxqt (the scenario's own, empty: the defaults);
        # Qt reports its widgets on the AT-SPI bus (app_up starts one) only when asked, so its buttons can be read.
        lxqt) mkdir -p "$XDG_CONFIG_HOME/lxqt"
              QT_ACCESSIBILITY=1 QT_LINUX_ACCESSIBILITY_ALWAYS_ON=1 lxqt-notificationd >>"$art/server-$1.log" 2>&1 & ;;
        notification-daemon) /usr/lib/notification-daemon/notification-daemon >>"$art/server-$1.log" 2>&1 & ;;
        *) fail "no server $1" ;;
    esac
    server_pid=$!
    bg_pids+=($server_pid)
    wait_for 10 bus_has_owner org.freedesktop.Notifications || fail "$1 did not take org.freedesktop.Notifications"
}
server_down() {
    [ -n "$server_pid" ] && stop_child "$server_pid"
    server_pid=""
    wait_for 10 bash -c '! dbus-send --session --print-reply --dest=org.freedesktop.DBus / org.freedesktop.DBus.NameHasOwner string:org.freedesktop.Notifications 2>/dev/null | grep -q true' || true
}

# The server's notification window (the last one mapped), or nothing.
notification_window() {
    case $server_name in
        dunst|dunst-stock) xdotool search --onlyvisible --class dunst 2>/dev/null | tail -1 ;;
        xfce4-notifyd) xdotool search --onlyvisible --name '^xfce4-notifyd$' 2>/dev/null | tail -1 ;;
        mate) xdotool search --onlyvisible --name '^Notification$' 2>/dev/null | tail -1 ;;
        lxqt) xdotool search --onlyvisible --class '^lxqt-notificationd$' 2>/dev/null | tail -1 ;;
        notification-daemon) xdotool search --onlyvisible --class '^notification-daemon$' 2>/dev/null | tail -1 ;;
    esac
}
notification_visible() { [ -n "$(notification_window)" ]; }

# Clicks the notification the way that opens its dose on this server: the body (test dunst, mate),
# a middle click (stock dunst, whose left click only closes), the Open button (xfce4-notifyd, whose
# body click only closes; and lxqt and notification-daemon, where the body works too: click_body). Where the
# button sits was measured on screenshots at 1280x800: xfce4-notifyd 0.7.3 and notification-daemon 3.20 at the
# bubble's bottom right; lxqt-notificationd 1.2 draws the one button across the bottom of the newest (lowest)
# notification in its window.
click_to_open() {
    local window width height
    wait_for 10 notification_visible || fail "no $server_name notification on screen"
    window=$(notification_window)
    eval "$(xdotool getwindowgeometry --shell "$window")"
    width=$WIDTH height=$HEIGHT
    import -window root "$art/before-click-$server_name.png" 2>/dev/null || true
    case $server_name in
        dunst|mate) xdotool mousemove --window "$window" 40 20 click 1 ;;
        dunst-stock) xdotool mousemove --window "$window" 40 20 click 2 ;;
        xfce4-notifyd) xdotool mousemove --window "$window" $(( width - 57 )) $(( height - 32 )) click 1 ;;
        lxqt) xdotool mousemove --window "$window" 145 $(( height - 31 )) click 1 ;;
        notification-daemon) xdotool mousemove --window "$window" $(( width - 81 )) $(( height - 39 )) click 1 ;;
    esac
}

# Clicks the notification's body with the left button, as a student would first try (on lxqt the newest
# notification's, at the bottom of its window: the body's last line, just above the button row).
click_body() {
    local window
    wait_for 10 notification_visible || fail "no $server_name notification on screen"
    window=$(notification_window)
    if [ "$server_name" = lxqt ]; then
        eval "$(xdotool getwindowgeometry --shell "$window")"
        xdotool mousemove --window "$window" 60 $(( HEIGHT - 60 )) click 1
    else
        xdotool mousemove --window "$window" 30 15 click 1
    fi
}

# The AT-SPI bus, where GTK and Qt programs started afterwards report their widgets (read with `atspi`).
atspi_bus_up() {
    unset NO_AT_BRIDGE
    /usr/libexec/at-spi-bus-launcher --launch-immediately --a11y=1 >"$art/at-spi.log" 2>&1 &
    bg_pids+=($!)
    wait_for 10 bus_has_owner org.a11y.Bus || fail "the AT-SPI bus did not start"
}

# The app's desktop: a display, the AT-SPI bus (GTK 4 reports its widgets there), and an activation
# environment that hands the test's home and display to a D-Bus-activated daily-dose.
app_up() {
    [ -x "$DOSE_BIN/daily-dose" ] || fail "no daily-dose in $DOSE_BIN (swift build --product daily-dose, or make release)"
    desktop_up
    export GDK_BACKEND=x11 GSK_RENDERER=cairo GTK_A11Y=atspi
    atspi_bus_up
    dbus-update-activation-environment HOME XDG_DATA_HOME XDG_CONFIG_HOME XDG_STATE_HOME XDG_CACHE_HOME \
        XDG_RUNTIME_DIR TZ LANG DISPLAY GDK_BACKEND GSK_RENDERER GTK_A11Y
}
# Fails unless the binaries under test have a current German catalogue: the build tree's read build/locale
# (po/build.sh, `make locale`), an installed one PREFIX/share/locale.
german_catalogue() {
    case "$DOSE_BIN" in
    */.build/*)
        local mo="$DOSE_ROOT/build/locale/de/LC_MESSAGES/daily-dose.mo"
        [ -f "$mo" ] && [ ! "$DOSE_ROOT/po/de.po" -nt "$mo" ] || fail "no current German catalogue at $mo: make locale"
        ;;
    esac
}
atspi() { /usr/bin/python3 "$DOSE_ROOT/tests/support/atspi_driver.py" "$@"; }
preferences_atspi() { DOSE_ATSPI_WINDOW=Preferences atspi "$@"; } # the preferences' tree only: quick enough for a toast
focused_is() { [ "$(atspi focused 2>/dev/null || true)" = "$1" ]; } # focused_is "ROLE<TAB>NAME"
focus_left() { local f; f=$(atspi focused 2>/dev/null || true); [ -n "$f" ] && [ "$f" != "$1" ]; } # focus_left "ROLE<TAB>NAME"
focus_on() { # focus_on ROLE NAME: Tab until that node has the keyboard focus (the pointer over the window)
    local _
    for _ in $(seq 80); do
        atspi focused 2>/dev/null | grep -qxF "$1	$2" && return 0
        xdotool key Tab
        sleep 0.15
    done
    return 1
}
# Ticks a topic in the Learn view by keyboard (GTK 4.8 gives a check button no AT-SPI action): the search narrows
# the list, Tab reaches the topic's check box, Space ticks it. The pointer must be over the window (focus_on).
tick_in_window() { # tick_in_window SEARCH SUBJECT TOPIC
    atspi set-text "Search topics" "$1"
    expect "the search finds $3" atspi wait "$2 — $3" 10
    expect "Tab reaches $3" focus_on "check box" "$2 — $3"
    xdotool key space
}

# Starts daily-dose in the background; returns once the window is mapped and its page loaded (the ready fd).
app_pid=""
app_start() { # app_start [ARG...]
    rm -f "$work/ready"
    DAILY_DOSE_READY_FD=7 "$DOSE_BIN/daily-dose" "$@" 7>"$work/ready" >>"$art/app.log" 2>&1 &
    app_pid=$!
    bg_pids+=($app_pid)
    wait_for 30 grep -q ready "$work/ready" || fail "daily-dose did not report ready"
}
# The object path and a call of ActivateAction on the app, as a launcher or the scheduler makes it.
# The arguments carry their types: gdbus takes them from the app's introspection, which a D-Bus activation still
# under way on a loaded machine did not answer in time, and then sent "{}" untyped ("(savs)", refused by the app).
app_action() { # app_action ACTION [STRING_PARAMETER]
    local parameter="@av []"
    [ $# -gt 1 ] && parameter="[<'$2'>]"
    gdbus call --session --dest net.dailydose.DailyDose --object-path /net/dailydose/DailyDose \
        --method org.freedesktop.Application.ActivateAction "$1" "$parameter" "@a{sv} {}" >/dev/null
}
# The daily-dose processes of this scenario (its HOME), not of others running side by side.
app_instances() {
    local pid
    for pid in $(pgrep -f "^$DOSE_BIN/daily-dose" || true); do
        tr '\0' '\n' <"/proc/$pid/environ" 2>/dev/null | grep -qx "HOME=$HOME" && echo "$pid"
    done
    return 0
}
# The `dose daemon` processes of this scenario (its HOME): the app starts one where no systemd user manager runs
# it (background work), in a session of its own, so it is no job of this shell. The app names its `dose` by the
# real path of its own program, which may not be $DOSE_BIN's spelling (.build/release is a symlink).
daemon_instances() {
    local pid
    for pid in $(pgrep -x -f "/[^ ]*/dose daemon" || true); do
        tr '\0' '\n' <"/proc/$pid/environ" 2>/dev/null | grep -qx "HOME=$HOME" && echo "$pid"
    done
    return 0
}
# Ends this scenario's daily-dose (started here or by D-Bus activation) and waits for its bus name to go.
app_quit() {
    local pid
    for pid in $(app_instances); do kill "$pid" 2>/dev/null || true; done
    wait_for 15 bash -c "! dbus-send --session --print-reply --dest=org.freedesktop.DBus / org.freedesktop.DBus.NameHasOwner string:$app_id 2>/dev/null | grep -q true" \
        || fail "daily-dose kept $app_id"
    app_pid=""
}
# The startup id the app took from an activation's platform data: GTK 4 on X11 sets it as _NET_STARTUP_ID on
# the window's client leader (where startup notification and the window manager's focus rules read it).
app_startup_id() {
    local window leader
    window=$(xdotool search --name "^Daily Dose$" | head -1)
    leader=$(xprop -id "$window" WM_CLIENT_LEADER | sed -n 's/.*# //p')
    xprop -id "$leader" _NET_STARTUP_ID | sed -n 's/^_NET_STARTUP_ID(UTF8_STRING) = "\(.*\)"$/\1/p'
}
# A screenshot of the whole display, cropped to the app's window.
app_screenshot() { # app_screenshot FILE.png
    local window
    window=$(xdotool search --name "^Daily Dose$" | head -1)
    import -window "${window:-root}" "$1"
}

# A loopback HTTP listener that records the path of every request it gets in $work/requests.log (emptied once
# a control request proved it counts); sets $port.
counting_listener() {
    port=$(( 20000 + RANDOM % 20000 ))
    : >"$work/requests.log"
    /usr/bin/python3 - "$port" "$work/requests.log" >"$art/listener.log" 2>&1 <<'PY' &
import http.server, sys
port, log = int(sys.argv[1]), sys.argv[2]
class H(http.server.BaseHTTPRequestHandler):
    def do_GET(self):
        open(log, "a").write(self.path + "\n"); self.send_response(204); self.end_headers()
    do_POST = do_GET
    def log_message(self, *a): pass
http.server.HTTPServer(("127.0.0.1", port), H).serve_forever()
PY
    bg_pids+=($!)
    wait_for 10 bash -c "exec 3<>/dev/tcp/127.0.0.1/$port" 2>/dev/null || fail "the listener did not start"
    /usr/bin/python3 -c "import urllib.request; urllib.request.urlopen('http://127.0.0.1:$port/probe')"
    expect "the listener records requests" grep -q /probe "$work/requests.log"
    : >"$work/requests.log"
}

# Puts the local time ($TZ, a whole-hour Etc/GMT zone) near HOUR:00 on the programs' clock (clock_now), so a notify
# time chosen later that morning has not passed and the scheduler arms instead of firing. Call before app_up
# (which hands TZ to the bus). It moves the local date too: take "today" from clock_date after it, never before.
tz_near_hour() { # tz_near_hour HOUR
    local offset=$(( $1 - $(clock_date -u +%-H) ))
    [ "$offset" -lt -12 ] && offset=$(( offset + 24 ))
    [ "$offset" -gt 14 ] && offset=$(( offset - 24 ))
    if [ "$offset" -ge 0 ]; then export TZ="Etc/GMT-$offset"; else export TZ="Etc/GMT+$(( -offset ))"; fi
    log "TZ=$TZ: the programs' local time is $(clock_date '+%F %H:%M')"
}

# Starts the loopback fake AI provider (tests/support/fake_provider.py) with SCRIPT (JSON: what it answers),
# logging requests to $work/requests.log, and points `dose`'s provider.url and provider.model at it.
provider_up() { # provider_up SCRIPT
    echo "$1" >"$work/script.json"
    /usr/bin/python3 "$DOSE_ROOT/tests/support/fake_provider.py" --port-file "$work/port" --log "$work/requests.log" \
        --script "$work/script.json" >"$art/provider.log" 2>&1 &
    bg_pids+=($!)
    wait_for 10 test -s "$work/port" || fail "the fake provider did not start"
    dose config set provider.url "http://127.0.0.1:$(cat "$work/port")/v1" >/dev/null
    dose config set provider.model test-model >/dev/null
}

# How many requests the fake provider logged for TOPIC (and KIND, and RESPONSE), from $work/requests.log.
provider_asked() { # provider_asked TOPIC [KIND [RESPONSE]]
    /usr/bin/python3 - "$work/requests.log" "$@" <<'EOF'
import json, sys
path, topic = sys.argv[1], sys.argv[2]
kind = sys.argv[3] if len(sys.argv) > 3 else None
response = sys.argv[4] if len(sys.argv) > 4 else None
try:
    lines = [json.loads(l) for l in open(path) if l.strip()]
except OSError:
    lines = []
print(sum(1 for r in lines if r.get("topic") == topic and kind in (None, r.get("kind"))
          and response in (None, r.get("response"))))
EOF
}
# A field of TOPIC's entry in `dose learn list --json` ("null" when JSON null or absent).
learn_field() { # learn_field TOPIC NAME
    dose learn list --json | /usr/bin/python3 -c 'import json, sys
for line in sys.stdin:
    entry = json.loads(line)
    if entry["topic"] == sys.argv[1]:
        value = entry.get(sys.argv[2])
        print("null" if value is None else json.dumps(value) if isinstance(value, dict) else value)' "$1" "$2"
}
# Seconds from the programs' now to TOPIC's own next try ("none" when it has none).
learn_next_in() { # learn_next_in TOPIC
    local next
    next=$(learn_field "$1" nextAttemptAt)
    [ "$next" != null ] || { echo none; return; }
    echo $(( $(date -d "$next" +%s) - $(clock_now) ))
}

# Starts the stand-in systemd user manager (tests/support/fake_systemd.py, logging its calls to
# $work/systemd.log) with the given unit states, and waits for its name on the bus.
fake_systemd_up() { # fake_systemd_up UNIT=STATE...
    /usr/bin/python3 "$DOSE_ROOT/tests/support/fake_systemd.py" "$work/systemd.log" "$@" >"$art/fake-systemd.log" 2>&1 &
    bg_pids+=($!)
    expect "the stand-in systemd user manager is on the bus" wait_for 10 bus_has_owner org.freedesktop.systemd1
}

# Where the app's screenshots go (the metainfo's light, dark and narrow; packaging/README.md): one directory per
# run of tests/run-e2e.sh (its date), so the three dates' pictures stand side by side.
screenshots="$DOSE_ROOT/artifacts/screenshots${DOSE_RUN_LABEL:+/$DOSE_RUN_LABEL}"
log "clock: $(clock_date -u '+%F %T UTC')${DOSE_TEST_CLOCK_OFFSET:+ (DOSE_TEST_CLOCK_OFFSET=$DOSE_TEST_CLOCK_OFFSET)}, TZ=$TZ"
