#!/usr/bin/env bash
# Installs the Debian packages Daily Dose needs to build and test, only those missing.
# Usage: scripts/install-deps.sh [build|test]   (default: test, which includes build)
set -euo pipefail

# libnotify-dev: only the bench's C baseline (bench/hold_notification.c); the scheduler speaks D-Bus itself.
# libcurl4-openssl-dev: DoseHTTP's CCurl target (every HTTP transfer goes through libcurl);
# libsodium-dev: DoseSignature's CSodium target (signed packs); scdoc: the manual pages; binutils: strip for the .deb; libstdc++-12-dev: libstdc++.a for the release link.
build_packages=(pkg-config libsqlite3-dev libglib2.0-dev libnotify-dev libcurl4-openssl-dev libsodium-dev scdoc binutils libstdc++-12-dev
                libgtk-4-dev libadwaita-1-dev libwebkitgtk-6.0-dev libsecret-1-dev gettext)
# gnome-clocks, gnome-text-editor: app-gallery pictures the app beside GNOME's own apps, on the same display.
test_packages=(dbus dbus-x11 dunst xvfb xdotool x11-utils chromium libjs-katex libnotify-bin
               sqlite3 python3 imagemagick fonts-dejavu-core iproute2 procps faketime
               desktop-file-utils appstream systemd tzdata hyperfine valgrind time python3-dbus python3-gi
               debootstrap lintian dpkg-dev fakeroot man-db zsh fish bash-completion minisign
               at-spi2-core python3-pyatspi xfce4-notifyd mate-notification-daemon lxqt-notificationd notification-daemon gnome-keyring libsecret-tools locales
               gnome-clocks gnome-text-editor)

wanted=("${build_packages[@]}")
[ "${1:-test}" = test ] && wanted+=("${test_packages[@]}")

# The locales the translation and date tests run under (LocalizationTests, DateTextTests): German for
# weekday and month names, US English for the 12-hour clock, generated from the `locales` package's sources.
make_locales() {
    [ "${1:-test}" = test ] || return 0
    local sudo="" name
    [ "$(id -u)" -ne 0 ] && sudo="sudo"
    for name in de_DE en_US; do
        locale -a 2>/dev/null | grep -qix "$name.utf-\?8" || $sudo localedef -i "$name" -f UTF-8 "$name.UTF-8"
    done
}

missing=()
for package in "${wanted[@]}"; do
    dpkg-query -W -f='${Status}' "$package" 2>/dev/null | grep -q "ok installed" || missing+=("$package")
done
[ ${#missing[@]} -eq 0 ] && { make_locales "${1:-test}"; exit 0; }

echo "Installing missing packages: ${missing[*]}" >&2
sudo=""
[ "$(id -u)" -ne 0 ] && sudo="sudo"
# Waits for another apt to finish; a failed download is retried once.
apt=($sudo env DEBIAN_FRONTEND=noninteractive apt-get -o DPkg::Lock::Timeout=600 -o Acquire::Retries=3)
"${apt[@]}" update -qq || { sleep 10; "${apt[@]}" update -qq; }
apt_install() { "${apt[@]}" install -y -qq --no-install-recommends "${missing[@]}" >/tmp/daily-dose-apt.log 2>&1; }
if ! apt_install; then
    echo "apt-get install failed; retrying once (log: /tmp/daily-dose-apt.log)" >&2
    sleep 10
    "${apt[@]}" update -qq || true
    apt_install || { tail -20 /tmp/daily-dose-apt.log >&2; echo "could not install: ${missing[*]}" >&2; exit 1; }
fi
make_locales "${1:-test}"
