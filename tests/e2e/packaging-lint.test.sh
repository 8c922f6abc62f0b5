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

# One application id everywhere.
id=net.dailydose.DailyDose
expect "the id names the .desktop file" test -f "$DOSE_ROOT/desktop/$id.desktop"
expect "the id is the metainfo's" grep -q "<id>$id</id>" "$DOSE_ROOT/desktop/$id.metainfo.xml"
expect "the id is the notification's desktop-entry" grep -q "\"$id\"" "$DOSE_ROOT/Sources/DoseNotifier/AppIdentity.swift"
log "done"
