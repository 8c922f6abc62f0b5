#!/usr/bin/env bash
# The desktop and service files validate with the tools distributions use.
source "$(dirname "$0")/lib.sh"

for entry in "$DOSE_ROOT"/desktop/*.desktop; do
    expect "desktop-file-validate $(basename "$entry")" desktop-file-validate "$entry"
done
expect "appstreamcli validate" appstreamcli validate --no-net "$DOSE_ROOT/desktop/net.dailydose.DailyDose.metainfo.xml"
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

# systemd-analyze checks that ExecStart exists: point it at the built binary.
for unit in "$DOSE_ROOT"/packaging/systemd/*.service; do
    name=$(basename "$unit")
    sed "s|/usr/bin/|$DOSE_BIN/|g" "$unit" >"$work/$name"
    expect "systemd-analyze verify $name" systemd-analyze verify --user "$work/$name"
done

# One application id everywhere.
id=net.dailydose.DailyDose
expect "the id names the .desktop file" test -f "$DOSE_ROOT/desktop/$id.desktop"
expect "the id is the metainfo's" grep -q "<id>$id</id>" "$DOSE_ROOT/desktop/$id.metainfo.xml"
expect "the id is the notification's desktop-entry" grep -q "\"$id\"" "$DOSE_ROOT/Sources/DoseNotifier/AppIdentity.swift"
log "done"
