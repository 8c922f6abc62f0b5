#!/usr/bin/env bash
# The .debs install into a clean Debian 12 root made with debootstrap, with apt resolving their
# dependencies, on a machine with no Swift toolchain in it: `daily-dose` (the commands and the
# scheduler) first and alone, pulling in no GTK, WebKit or libadwaita, then `daily-dose-app` (the
# window; built once Package.swift declares it, scripts/app-product.sh). `dose import` of the bundled
# pack and `dose-notify --dry-run` work from /usr/bin; every library the binaries load comes from a
# package in the Depends closure; lintian has no error; the installed desktop entries, D-Bus service,
# metainfo, units and manual pages validate; removing the packages leaves user data alone.
#
# The debootstrapped root is cached as a tarball under $DOSE_TEST_CACHE (default
# /var/cache/daily-dose-test) so a rerun skips debootstrap. Needs root (chroot, mount).
build_home=${HOME:-/root}   # the build runs with the real home (SwiftPM's caches), not the scenario's
# tests/run-e2e.sh's bound for this scenario: debootstrap (first run), two .deb builds and apt in the root took
# 1560 s on a machine with a load of 20 on its 2 cores.
deadline=2700
source "$(dirname "$0")/lib.sh"

started=$(date +%s)
[ "$(id -u)" -eq 0 ] || fail "this scenario needs root (debootstrap, chroot, mount /proc)"
for tool in debootstrap lintian dpkg-deb chroot desktop-file-validate appstreamcli systemd-analyze man; do
    command -v "$tool" >/dev/null || fail "$tool is missing: run scripts/install-deps.sh test"
done
cache=${DOSE_TEST_CACHE:-/var/cache/daily-dose-test}
arch=$(dpkg --print-architecture)
suite=bookworm
root="$work/root"

# Unmount whatever is mounted under the root before lib.sh's cleanup removes $work.
unmount_root() {
    local mount
    for mount in $(awk -v r="$root" 'index($2, r) == 1 { print $2 }' /proc/mounts | sort -r); do
        umount "$mount" 2>/dev/null || umount -l "$mount" || true
    done
}
trap 'unmount_root; cleanup' EXIT

retry() { # retry DESCRIPTION COMMAND...: once more after a pause (apt downloads flake)
    local what=$1; shift
    "$@" && return 0
    log "retrying: $what"
    sleep 5
    "$@"
}

# --- the package -------------------------------------------------------------------------------
log "building the .debs"
env -u XDG_CACHE_HOME -u XDG_CONFIG_HOME -u XDG_DATA_HOME -u XDG_STATE_HOME HOME="$build_home" \
    "$DOSE_ROOT/packaging/build-deb.sh" "$work/deb" >"$work/debs.txt" 2>"$art/build-deb.log" \
    || { tail -20 "$art/build-deb.log"; fail "packaging/build-deb.sh failed"; }
deb=$(grep '/daily-dose_[^/]*\.deb$' "$work/debs.txt" || true)
app_deb=$(grep '/daily-dose-app_[^/]*\.deb$' "$work/debs.txt" || true)
expect "the daily-dose .deb exists" test -f "$deb"
with_app=""
if "$DOSE_ROOT/scripts/app-product.sh" 2>/dev/null; then
    with_app=1
    expect "the daily-dose-app .deb exists" test -f "$app_deb"
else
    expect "without the app's product, no daily-dose-app .deb" test -z "$app_deb"
    expect "build-deb says daily-dose-app was left out" grep -q "daily-dose-app is not built" "$art/build-deb.log"
fi
debs=("$deb" ${app_deb:+"$app_deb"})
toolkit='gtk|webkit|adwaita|javascriptcore'
for package_deb in "${debs[@]}"; do
    package=$(dpkg-deb -f "$package_deb" Package)
    dpkg-deb -I "$package_deb" >"$art/deb-info-$package.txt"
    dpkg-deb -c "$package_deb" >"$art/deb-contents-$package.txt"
    log "$package: installed size $(dpkg-deb -f "$package_deb" Installed-Size) KiB; .deb $(( $(stat -c %s "$package_deb") / 1024 )) KiB"
    log "$package Depends: $(dpkg-deb -f "$package_deb" Depends)"
    expect "$package Depends names libjs-katex" grep -q "libjs-katex" <<<"$(dpkg-deb -f "$package_deb" Depends)"
    expect "$package has no maintainer scripts" bash -c "! dpkg-deb --ctrl-tarfile '$package_deb' | tar -t | grep -E 'preinst|postinst|prerm|postrm'"

    lintian --pedantic "$package_deb" >"$art/lintian-$package.txt" 2>&1 || true
    grep -v "^running with root" "$art/lintian-$package.txt" | grep -v "spelling-error-in-binary" | sed 's/^/    lintian: /' || true
    expect "lintian reports no error for $package" bash -c "! grep -q '^E:' '$art/lintian-$package.txt'"
    # Every warning that remains must be explained in packaging/README.md.
    while read -r tag; do
        expect "lintian warning $tag is justified in packaging/README.md" grep -q -- "$tag" "$DOSE_ROOT/packaging/README.md"
    done < <(sed -n 's/^W: [^:]*: \([a-z0-9-]*\).*/\1/p' "$art/lintian-$package.txt" | sort -u)
done

# The commands' package pulls in no toolkit: not in Depends, not in its binaries' NEEDED entries.
expect "daily-dose Depends names no GTK, WebKit or libadwaita" \
    bash -c "! dpkg-deb -f '$deb' Depends | grep -Eiq '$toolkit'"
dpkg-deb -x "$deb" "$work/cli-files"
for binary in dose dose-notify; do
    readelf -d "$work/cli-files/usr/bin/$binary" | sed -n 's/.*(NEEDED).*\[\(.*\)\]/\1/p' >"$art/needed-$binary.txt"
    expect "$binary NEEDs libraries" test -s "$art/needed-$binary.txt"
    expect "$binary NEEDs no GTK, WebKit or libadwaita" bash -c "! grep -Eiq '$toolkit' '$art/needed-$binary.txt'"
done
expect "daily-dose holds no desktop entry, D-Bus service or metainfo (daily-dose-app does)" \
    bash -c "! grep -Eq 'applications/|dbus-1/|metainfo/|bin/daily-dose$' '$art/deb-contents-daily-dose.txt'"
if [ -n "$with_app" ]; then
    version=$(dpkg-deb -f "$deb" Version)
    expect "daily-dose-app depends on daily-dose (= $version)" \
        grep -q "daily-dose (= $version)" <<<"$(dpkg-deb -f "$app_deb" Depends)"
    expect "daily-dose-app depends on GTK 4 (its shlibs)" grep -q "libgtk-4-1" <<<"$(dpkg-deb -f "$app_deb" Depends)"
    for file in usr/bin/daily-dose usr/share/applications/net.dailydose.DailyDose.desktop \
            usr/share/dbus-1/services/net.dailydose.DailyDose.service usr/share/metainfo/net.dailydose.DailyDose.metainfo.xml \
            usr/share/man/man1/daily-dose.1.gz; do
        expect "daily-dose-app holds /$file" grep -q " \./$file$" "$art/deb-contents-daily-dose-app.txt"
    done
fi

# --- a clean Debian 12 root --------------------------------------------------------------------
mirror() { # the Debian mirror this machine's apt uses
    local uri
    uri=$(grep -hs -E '^URIs:' /etc/apt/sources.list.d/*.sources 2>/dev/null | awk '{ print $2 }' \
        | grep -v -e security -e ports | head -1 || true)
    [ -n "$uri" ] || uri=$(grep -hs -E "^deb [^ ]+ $suite " /etc/apt/sources.list | awk '{ print $2 }' | head -1 || true)
    echo "${uri:-http://deb.debian.org/debian}"
}
tarball="$cache/$suite-minbase-$arch.tar"
mkdir -p "$root"
if [ -s "$tarball" ]; then
    log "reusing the cached root $tarball"
    tar -C "$root" -xpf "$tarball"
else
    url=$(mirror)
    log "debootstrap --variant=minbase $suite from $url (cached afterwards in $tarball)"
    bootstrap() {
        rm -rf "$root" && mkdir -p "$root" &&
            debootstrap --variant=minbase "$suite" "$root" "$url" >"$art/debootstrap.log" 2>&1
    }
    retry "debootstrap" bootstrap || { tail -20 "$art/debootstrap.log"; fail "debootstrap failed (log: $art/debootstrap.log)"; }
    mkdir -p "$cache"
    tar -C "$root" -cpf "$tarball.partial" . && mv "$tarball.partial" "$tarball"
fi
log "root ready after $(( $(date +%s) - started )) s"
expect "the root is Debian 12" grep -q 'VERSION_ID="12"' "$root/etc/os-release"
expect "the root has no Swift toolchain" bash -c "! ls '$root'/opt/swift '$root'/usr/bin/swift* 2>/dev/null"

cp /etc/resolv.conf "$root/etc/resolv.conf"
printf '#!/bin/sh\nexit 101\n' >"$root/usr/sbin/policy-rc.d"   # nothing starts services in the chroot
chmod 755 "$root/usr/sbin/policy-rc.d"
mount -t proc proc "$root/proc"
in_root() { chroot "$root" env -i PATH=/usr/sbin:/usr/bin:/sbin:/bin LANG=C.UTF-8 DEBIAN_FRONTEND=noninteractive "$@"; }

cp "${debs[@]}" "$root/tmp/"
retry "apt-get update" in_root apt-get update -q >"$art/apt-update.log" 2>&1 || fail "apt-get update failed in the root"
retry "apt-get install" in_root apt-get install -y -q "/tmp/$(basename "$deb")" >"$art/apt-install.log" 2>&1 \
    || { tail -20 "$art/apt-install.log"; fail "apt-get install ./$(basename "$deb") failed"; }
log "installed: $(grep -c '^Setting up' "$art/apt-install.log") packages set up"
installed() { in_root dpkg-query -W -f='${Status}' "$1" | grep -q 'install ok installed'; }
expect "daily-dose is installed" installed daily-dose
# Alone, the commands brought in no toolkit.
in_root dpkg-query -W -f='${Package}\n' >"$art/packages-with-daily-dose.txt"
expect "installing daily-dose alone installed no GTK, WebKit or libadwaita" \
    bash -c "! grep -E '^(libgtk-4|libadwaita-1|libwebkitgtk-6|libjavascriptcoregtk-6)' '$art/packages-with-daily-dose.txt'"
if [ -n "$with_app" ]; then
    retry "apt-get install daily-dose-app" in_root apt-get install -y -q "/tmp/$(basename "$app_deb")" >"$art/apt-install-app.log" 2>&1 \
        || { tail -20 "$art/apt-install-app.log"; fail "apt-get install ./$(basename "$app_deb") failed"; }
    log "daily-dose-app: $(grep -c '^Setting up' "$art/apt-install-app.log") packages set up"
    expect "daily-dose-app is installed" installed daily-dose-app
fi

# --- it works from /usr/bin --------------------------------------------------------------------
user_env=(HOME=/tmp/student XDG_DATA_HOME=/tmp/student/.local/share XDG_CONFIG_HOME=/tmp/student/.config
          XDG_STATE_HOME=/tmp/student/.local/state XDG_CACHE_HOME=/tmp/student/.cache TZ=UTC)
as_student() { mkdir -p "$root/tmp/student"; in_root env "${user_env[@]}" "$@"; }
expect "dose is /usr/bin/dose" test -x "$root/usr/bin/dose"
versions() { as_student /usr/bin/dose --version | grep -q '^dose ' && as_student /usr/bin/dose-notify --version | grep -q '^dose-notify '; }
expect "dose --version and dose-notify --version" versions
as_student /usr/bin/dose import /usr/share/daily-dose/sample-pack.json >"$art/import.txt" 2>&1 || { cat "$art/import.txt"; fail "dose import of the bundled pack"; }
log "$(cat "$art/import.txt")"
expect "the import reports items" grep -q "^Imported" "$art/import.txt"
as_student /usr/bin/dose-notify --dry-run >"$art/dry-run.txt" 2>&1 || { cat "$art/dry-run.txt"; fail "dose-notify --dry-run"; }
expect "dose-notify --dry-run prints the next notification" test -s "$art/dry-run.txt"
as_student /usr/bin/dose today >"$art/today.txt" 2>&1 || { cat "$art/today.txt"; fail "dose today"; }
as_student /usr/bin/dose import --help >"$art/import-help.txt" 2>&1 || fail "dose import --help"
expect "dose import --help is the command's own" grep -qE "^Usage: dose import( \[[^]]*\])* PACK( \[[^]]*\])*$" "$art/import-help.txt"
own_help() { # own_help PROGRAM COMMAND: `PROGRAM COMMAND --help` prints that command's usage, exit 0
    local text
    text=$(as_student "/usr/bin/$1" "$2" --help) && grep -qE "^Usage: $1 (--)?${2#--}( |$)" <<<"$text"
}
for command in import sync validate config today calendar list search show open learn daemon help; do
    expect "dose $command --help" own_help dose "$command"
done
for command in run fire --dry-run dry-run; do
    expect "dose-notify $command --help" own_help dose-notify "$command"
done
status=0; as_student /usr/bin/dose import /nonexistent.json >/dev/null 2>&1 || status=$?
expect "a missing pack exits 66 (sysexits EX_NOINPUT)" test "$status" -eq 66

# --- every loaded library comes from a declared package ----------------------------------------
closure=$(in_root bash -c '
    declare -A seen; queue=(daily-dose daily-dose-app)
    while [ ${#queue[@]} -gt 0 ]; do
        p=${queue[0]}; queue=("${queue[@]:1}")
        [ -n "${seen[$p]:-}" ] && continue; seen[$p]=1; echo "$p"
        deps=$(dpkg-query -W -f="\${Depends}, \${Pre-Depends}" "$p" 2>/dev/null) || continue
        IFS=, read -ra groups <<<"$deps"
        for group in "${groups[@]}"; do
            IFS="|" read -ra alternatives <<<"$group"
            for alt in "${alternatives[@]}"; do
                name=$(echo "$alt" | sed -E "s/\(.*\)//; s/:any//; s/[[:space:]]//g")
                [ -n "$name" ] || continue
                if dpkg-query -W -f="\${Status}" "$name" 2>/dev/null | grep -q "ok installed"; then
                    queue+=("$name"); break
                fi
            done
        done
    done' | sort -u)
echo "$closure" >"$art/depends-closure.txt"
programs=(dose dose-notify)
[ -z "$with_app" ] || programs+=(daily-dose)
for binary in "${programs[@]}"; do
    : >"$art/ldd-owners-$binary.txt"
    in_root ldd "/usr/bin/$binary" >"$art/ldd-$binary.txt" 2>&1 || fail "ldd /usr/bin/$binary in the root"
    expect "$binary: every library is found" bash -c "! grep -q 'not found' '$art/ldd-$binary.txt'"
    while read -r library; do
        owner=$(in_root bash -c 'for p in "$1" "$(readlink -f "$1")" "${1#/usr}" "/usr$1"; do dpkg -S "$p" 2>/dev/null && break; done' _ "$library" \
            | head -1 | cut -d: -f1)
        [ -n "$owner" ] || fail "$binary loads $library, which no package owns"
        grep -qx "$owner" <<<"$closure" || fail "$binary loads $library from $owner, not in the Depends closure"
        echo "$library $owner" >>"$art/ldd-owners-$binary.txt"
    done < <(awk '/=>/ { print $3 } !/=>/ && $1 ~ /^\// { print $1 }' "$art/ldd-$binary.txt")
    log "ok: $binary loads $(wc -l <"$art/ldd-owners-$binary.txt") libraries, each from $(cut -d' ' -f2 "$art/ldd-owners-$binary.txt" | sort -u | wc -l) declared packages"
done

# --- what is installed validates ---------------------------------------------------------------
{ in_root dpkg -L daily-dose; [ -z "$with_app" ] || in_root dpkg -L daily-dose-app; } >"$art/installed-files.txt"
ours() { grep -E "$1" "$art/installed-files.txt" | while read -r path; do [ -f "$root$path" ] && echo "$root$path"; done; }
for entry in $(ours '\.desktop$'); do
    expect "desktop-file-validate ${entry#"$root"}" desktop-file-validate "$entry"
done
if [ -n "$with_app" ]; then
    expect "appstreamcli validate (installed)" appstreamcli validate --no-net $(ours '\.metainfo\.xml$')
else
    expect "without the app, no metainfo is installed" test -z "$(ours '\.metainfo\.xml$')"
fi
# systemd-analyze checks that ExecStart exists and, through man(1), that the Documentation= page does:
# the unit is verified with its paths moved into the root (`--root` does not combine with `--user`).
verify_unit() { # verify_unit ROOT UNIT_PATH_IN_ROOT
    local copy
    copy="$work/verify/$(basename "$2")"
    mkdir -p "$work/verify"
    sed -E "s#^(ExecStart=)/#\1$1/#" "$1$2" >"$copy"
    MANPATH="$1/usr/share/man:$1/usr/local/share/man" systemd-analyze verify --user "$copy"
}
for unit in $(ours '/systemd/user/.*\.service$'); do
    expect "systemd-analyze verify ${unit#"$root"}" verify_unit "$root" "${unit#"$root"}"
    expect "${unit##*/} names its manual page" grep -q '^Documentation=man:' "$unit"
done
expect "dose-notify.service runs /usr/bin/dose-notify" grep -q '^ExecStart=/usr/bin/dose-notify run' "$root/usr/lib/systemd/user/dose-notify.service"
for page in $(ours "/usr/share/man/man[0-9]/.*\.gz$"); do
    MANWIDTH=80 man --warnings -l "$page" >/dev/null 2>"$work/man-warnings.txt" || fail "man -l ${page#"$root"}"
    expect "man -l ${page#"$root"} renders without warnings" test ! -s "$work/man-warnings.txt"
done
for doc in dose-notify.1 dose.1 daily-dose-pack.5 ${with_app:+daily-dose.1}; do
    expect "the manual page $doc is installed" test -f "$root/usr/share/man/man${doc##*.}/$doc.gz"
done
if [ -n "$with_app" ]; then
    service=/usr/share/dbus-1/services/net.dailydose.DailyDose.service
    expect "the installed D-Bus service starts /usr/bin/daily-dose" \
        grep -qx "Exec=/usr/bin/daily-dose --gapplication-service" "$root$service"
    # The app answers --help before it opens a display (a GApplication's local options).
    app_help() { as_student /usr/bin/daily-dose --help >"$art/app-help.txt" 2>&1; }
    expect "daily-dose --help runs from /usr/bin" app_help
fi

# --- removal leaves user data alone ------------------------------------------------------------
in_root apt-get purge -y -q daily-dose ${with_app:+daily-dose-app} >"$art/apt-purge.log" 2>&1 || fail "apt-get purge daily-dose"
expect "the binaries are gone" test ! -e "$root/usr/bin/dose" -a ! -e "$root/usr/bin/daily-dose"
expect "the user's pool is still there" test -s "$root/tmp/student/.local/share/daily-dose/dose.sqlite3"
expect "the user's snapshot is still there" test -s "$root/tmp/student/.local/state/daily-dose/snapshot.json"
unmount_root
log "the Debian 12 install test took $(( $(date +%s) - started )) s"
# `make install` / `make uninstall` under PREFIX=/usr/local: installed-layout.test.sh.
