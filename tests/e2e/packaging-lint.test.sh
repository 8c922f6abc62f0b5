#!/usr/bin/env bash
# The desktop and service files validate with the tools distributions use.
source "$(dirname "$0")/lib.sh"

for entry in "$DOSE_ROOT"/desktop/*.desktop; do
    expect "desktop-file-validate $(basename "$entry")" desktop-file-validate "$entry"
done
metainfo="$DOSE_ROOT/desktop/net.dailydose.DailyDose.metainfo.xml"
expect "appstreamcli validate" appstreamcli validate --no-net "$metainfo"
expect "the metainfo has a default screenshot" grep -q '<screenshot type="default">' "$metainfo"
expect "the metainfo has keywords" grep -q '<keyword>' "$metainfo"
# The metainfo's categories are the desktop entry's.
desktop_categories=$(sed -n 's/^Categories=//p' "$DOSE_ROOT/desktop/net.dailydose.DailyDose.desktop" | tr ';' '\n' | sed '/^$/d' | sort)
metainfo_categories=$(sed -n 's|.*<category>\(.*\)</category>.*|\1|p' "$metainfo" | sort)
expect "the metainfo's categories are the desktop entry's" test -n "$metainfo_categories" -a "$metainfo_categories" = "$desktop_categories"
expect "the icon is an SVG" grep -q "<svg" "$DOSE_ROOT/desktop/net.dailydose.DailyDose.svg"

# The manual pages, from their scdoc sources: systemd-analyze looks up each unit's Documentation=man:
# page through man(1), so they go on MANPATH as `make install` would install them.
command -v scdoc >/dev/null || fail "scdoc is missing: run scripts/install-deps.sh build"
for source in "$DOSE_ROOT"/packaging/man/*.scd; do
    page=$(basename "$source" .scd)
    mkdir -p "$work/man/man${page##*.}"
    scdoc <"$source" >"$work/man/man${page##*.}/$page" || fail "scdoc $page"
done
export MANPATH="$work/man"

# The example in daily-dose-pack(5) is a pack as a reader copies it from the rendered page (scdoc and
# roff each take a level of backslashes): the real `dose validate` accepts it.
MANWIDTH=100 man -l "$work/man/man5/daily-dose-pack.5" 2>/dev/null \
    | sed -n '/^EXAMPLE$/,/^[A-Z]/{/^[A-Z]/d;p}' >"$art/pack-example.json"
expect "daily-dose-pack(5) has an example pack" grep -q '"format": "daily-dose-pack/1"' "$art/pack-example.json"
expect "the example shows a LaTeX command" grep -qF '\\log' "$art/pack-example.json"
expect "dose validate accepts the daily-dose-pack(5) example" "$DOSE_BIN/dose" validate "$art/pack-example.json"

# systemd-analyze checks that ExecStart exists: point it at the built binary.
for unit in "$DOSE_ROOT"/packaging/systemd/*.service; do
    name=$(basename "$unit")
    sed "s|/usr/bin/|$DOSE_BIN/|g" "$unit" >"$work/$name"
    expect "systemd-analyze verify $name" systemd-analyze verify --user "$work/$name"
done

# Each autostart entry starts what a systemd user unit starts, for desktops without user units, and
# never beside the unit: systemd's xdg-autostart generator skips it (X-systemd-skip), and the program
# itself leaves when another instance runs. `make install` installs it and `make uninstall` removes it.
autostarts=("$DOSE_ROOT"/desktop/*-autostart.desktop)
expect "two autostart entries (scheduler and daemon)" test "${#autostarts[@]}" = 2
for entry in "${autostarts[@]}"; do
    name=$(basename "$entry")
    exec_line=$(sed -n 's/^Exec=//p' "$entry")
    expect "$name runs a program a unit runs" grep -qx "ExecStart=/usr/bin/$exec_line" "$DOSE_ROOT"/packaging/systemd/*.service
    expect "$name is skipped where systemd starts the unit" grep -qx "X-systemd-skip=true" "$entry"
    expect "$name is enabled for the GNOME session" grep -qx "X-GNOME-Autostart-enabled=true" "$entry"
    expect "$name is not shown in menus" grep -qx "NoDisplay=true" "$entry"
    expect "make install installs $name" grep -q "install .*desktop/$name.*XDG_AUTOSTART_DIR" "$DOSE_ROOT/Makefile"
    expect "make uninstall removes $name" grep -q "rm -f .*XDG_AUTOSTART_DIR)/$name" "$DOSE_ROOT/Makefile"
done
expect "the daemon has an autostart entry" test -f "$DOSE_ROOT/desktop/dose-daemon-autostart.desktop"

# --- the app's desktop entry, D-Bus service and metainfo -----------------------------------------
id=net.dailydose.DailyDose
entry="$DOSE_ROOT/desktop/$id.desktop"
service="$DOSE_ROOT/desktop/$id.service"
# Launchers that follow DBusActivatable activate the bus name the file is named after; the others run Exec.
main_group() { sed -n '/^\[Desktop Entry\]/,/^\[/p' "$entry"; }
expect "the desktop entry is D-Bus activatable" bash -c "$(declare -f main_group); entry='$entry'; main_group | grep -qx DBusActivatable=true"
expect "the desktop entry still runs daily-dose for other launchers" bash -c "$(declare -f main_group); entry='$entry'; main_group | grep -qx Exec=daily-dose"
# Each desktop action is an app. action of the app (DoseDesktop's AppAction), asked of the bus by gapplication.
actions=$(main_group | sed -n 's/^Actions=//p' | tr ';' '\n' | sed '/^$/d')
expect "the desktop entry has actions" test -n "$actions"
for action in $actions; do
    expect "desktop action $action is the app's GAction" grep -q "case .$action: \"$action\"" "$DOSE_ROOT/Sources/DoseDesktop/AppAction.swift"
    expect "desktop action $action asks the bus for it" \
        bash -c "sed -n '/^\[Desktop Action $action\]/,/^\[/p' '$entry' | grep -qx 'Exec=gapplication action $id $action'"
done
expect "the service file is a D-Bus session service for $id" \
    test "$(sed -n '1p;s/^Name=//p' "$service" | tr '\n' ' ')" = "[D-BUS Service] $id "
expect "the service starts the installed daily-dose as a GApplication service" \
    grep -qx 'Exec=@bindir@/daily-dose --gapplication-service' "$service"
expect "make install substitutes @bindir@ in the service file" grep -q "sed .*@bindir@.*desktop/\$(APP_ID).service" "$DOSE_ROOT/Makefile"

# A session bus that reads the service file (with @bindir@ pointing at a stand-in that takes the name the
# way the app does, after recording its arguments) starts it for a call to the name: what a launcher's
# D-Bus activation and a GNotification click do.
mkdir -p "$work/services" "$work/bin"
sed "s|@bindir@|$work/bin|" "$service" >"$work/services/$id.service"
cat >"$work/bin/daily-dose" <<STANDIN
#!/bin/sh
echo "\$@" >"$work/activated-with"
exec /usr/bin/python3 -c '
import sys
from gi.repository import Gio, GLib
loop = GLib.MainLoop()
Gio.bus_own_name(Gio.BusType.SESSION, sys.argv[1], Gio.BusNameOwnerFlags.NONE, None, None, lambda *a: loop.quit())
GLib.timeout_add_seconds(30, loop.quit)
loop.run()' $id
STANDIN
chmod +x "$work/bin/daily-dose"
sed "s|<policy context=\"default\">|<servicedir>$work/services</servicedir>\n  &|" "$DOSE_ROOT/tests/e2e/session.conf" >"$work/activation.conf"
activate() {
    timeout 30 dbus-run-session --config-file="$work/activation.conf" -- \
        gdbus call --session --dest org.freedesktop.DBus --object-path /org/freedesktop/DBus \
            --method org.freedesktop.DBus.StartServiceByName "$id" 0 >"$work/activation.txt" 2>&1
}
expect "the bus starts the service for $id" activate
expect "the bus started it once (not already running)" grep -qx "(uint32 1,)" "$work/activation.txt"
expect "the bus ran Exec with --gapplication-service" test "$(cat "$work/activated-with")" = "--gapplication-service"

metainfo_app=$(cat "$metainfo")
expect "the metainfo launches the desktop entry" grep -q "<launchable type=\"desktop-id\">$id.desktop</launchable>" <<<"$metainfo_app"
expect "the metainfo provides the daily-dose binary" grep -q "<binary>daily-dose</binary>" <<<"$metainfo_app"
expect "the metainfo names the bus name" grep -q "<dbus type=\"user\">$id</dbus>" <<<"$metainfo_app"
# Its screenshots are made by tests: the app's (light, dark, narrow) by the app's scenario into
# artifacts/screenshots/DATE/ (one directory per date tests/run-e2e.sh runs it on), the notification by installed-layout,
# the pages' PAGE-STYLE.png by app-gallery (into artifacts/screenshots/DATE/gallery/). Each name comes from one of them.
shots=$(sed -n 's|.*<image[^>]*>https://[^<]*/\([^/<]*\)</image>.*|\1|p' "$metainfo" | sort | tr '\n' ' ')
expect "the metainfo shows the app light, dark and narrow, its pages, and the notification" \
    test "$shots" = "dark.png learn-light.png light.png narrow.png notification.png quiz-light.png study-light.png today-de.png "
for shot in learn-light study-light quiz-light today-de; do
    expect "app-gallery takes $shot.png" bash -c "grep -qF '\"${shot%-*}-\$label\"' '$DOSE_ROOT/tests/e2e/app-gallery.test.sh' && grep -qE '^pages ${shot##*-} ' '$DOSE_ROOT/tests/e2e/app-gallery.test.sh'"
done
expect "the default screenshot is the light card" \
    bash -c "grep -A2 '<screenshot type=\"default\">' '$metainfo' | grep -q '/light.png<'"
expect "installed-layout takes notification.png" grep -q 'screenshots/notification.png' "$DOSE_ROOT/tests/e2e/installed-layout.test.sh"
# scripts/app-product.sh (asked by the Makefile, build-deb.sh and bench/) reads the manifest, not a list.
printf 'let p = Package(products: [\n  .executable(\n    name: "daily-dose",\n    targets: ["DailyDoseCommand"]),\n])\n' >"$work/with-app.swift"
printf 'let p = Package(products: [\n  // .executable(name: "daily-dose", targets: ["A"]),\n  .executable(name: "daily-dose-x", targets: ["B"]),\n])\n' >"$work/without-app.swift"
expect "app-product.sh finds a daily-dose product wrapped over lines" "$DOSE_ROOT/scripts/app-product.sh" "$work/with-app.swift"
expect "app-product.sh finds none in a comment or under another name" bash -c "! '$DOSE_ROOT/scripts/app-product.sh' '$work/without-app.swift' 2>/dev/null"
if "$DOSE_ROOT/scripts/app-product.sh" 2>/dev/null; then
    for shot in light dark narrow; do
        expect "a test of the app takes the $shot screenshot" \
            bash -c "grep -rl 'screenshots' '$DOSE_ROOT/tests' '$DOSE_ROOT/Tests' | grep -v packaging-lint | xargs grep -lw '$shot' | grep -q ."
        taken=0
        for png in "$DOSE_ROOT"/artifacts/screenshots/$shot.png "$DOSE_ROOT"/artifacts/screenshots/*/$shot.png; do
            [ -f "$png" ] || continue
            taken=1
            expect "screenshot ${png#"$DOSE_ROOT/"} is a PNG" test "$(identify -format '%m' "$png")" = PNG
            expect "screenshot ${png#"$DOSE_ROOT/"} is not empty" test "$(identify -format '%k' "$png")" -gt 8
        done
        [ "$taken" = 1 ] || log "note: no artifacts/screenshots/*/$shot.png (the app's scenario has not run here)"
    done
else
    log "note: no daily-dose product in Package.swift yet: the app's screenshots are not looked for"
fi

# One application id everywhere.
expect "the id names the .desktop file" test -f "$DOSE_ROOT/desktop/$id.desktop"
expect "the id is the metainfo's" grep -q "<id>$id</id>" "$DOSE_ROOT/desktop/$id.metainfo.xml"
expect "the id is the notification's desktop-entry" grep -q "\"$id\"" "$DOSE_ROOT/Sources/DoseNotifier/AppIdentity.swift"
expect "the id is the app's (DesktopApplication.id)" grep -q "static let id = \"$id\"" "$DOSE_ROOT/Sources/DoseSystem/DesktopApplication.swift"
expect "the id names the D-Bus service file" test -f "$DOSE_ROOT/desktop/$id.service"
log "done"
