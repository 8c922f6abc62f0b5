#!/usr/bin/env bash
# Installs the Debian packages Daily Dose needs to build and test, only those missing.
# Usage: scripts/install-deps.sh [build|test]   (default: test, which includes build)
set -euo pipefail

build_packages=(pkg-config libsqlite3-dev libglib2.0-dev libnotify-dev)
test_packages=(dbus dbus-x11 dunst xvfb xdotool x11-utils chromium libjs-katex libnotify-bin
               sqlite3 python3 imagemagick fonts-dejavu-core iproute2 procps faketime
               desktop-file-utils appstream systemd tzdata)

wanted=("${build_packages[@]}")
[ "${1:-test}" = test ] && wanted+=("${test_packages[@]}")

missing=()
for package in "${wanted[@]}"; do
    dpkg-query -W -f='${Status}' "$package" 2>/dev/null | grep -q "ok installed" || missing+=("$package")
done
[ ${#missing[@]} -eq 0 ] && exit 0

echo "Installing missing packages: ${missing[*]}" >&2
sudo=""
[ "$(id -u)" -ne 0 ] && sudo="sudo"
$sudo apt-get update -qq
DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
