#!/usr/bin/env bash
# Builds the Debian packages from a release build with the Swift runtime linked statically, each staged
# by its half of `make install PREFIX=/usr`:
# - build/deb/daily-dose_VERSION-REVISION_ARCH.deb (`make install-cli`): dose, dose-notify, their units,
#   autostart entries, manual pages, completions, the icon and the sample pack. No GTK, WebKit or
#   libadwaita: checked here on the binaries' NEEDED entries and on Depends.
# - build/deb/daily-dose-app_VERSION-REVISION_ARCH.deb (`make install-app`): the desktop app daily-dose,
#   its desktop entry, D-Bus service, metainfo and manual page; Depends on daily-dose of the same version.
#   Built once Package.swift declares the product (scripts/app-product.sh); until then this says so.
#
# Depends comes from what the binaries really link (dpkg-shlibdeps), plus what they open or run otherwise.
# No maintainer scripts: nothing is done at install or removal, and no user's home is ever touched.
#
# Usage: packaging/build-deb.sh [OUTPUT_DIR]      (SKIP_BUILD=1 reuses .build/release as it is)
# Prints the path of each .deb, one a line, daily-dose first.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root"
export PATH="$PATH:/opt/swift/usr/bin"
out=$(mkdir -p "${1:-build/deb}" && cd "${1:-build/deb}" && pwd)

upstream=$(sed -n 's/.*static let version = "\(.*\)".*/\1/p' Sources/DoseApp/DoseCLI.swift)
notify_version=$(sed -n 's/.*static let version = "\(.*\)".*/\1/p' Sources/DoseNotifier/NotifyCLI.swift)
[ -n "$upstream" ] && [ "$upstream" = "$notify_version" ] \
    || { echo "build-deb: dose ($upstream) and dose-notify ($notify_version) disagree on the version" >&2; exit 1; }
changelog_version=$(sed -n '1s/^[^ ]* (\([^)]*\)).*/\1/p' packaging/debian/changelog)
case "$changelog_version" in
    "$upstream"-*) version=$changelog_version ;;
    *) echo "build-deb: packaging/debian/changelog ($changelog_version) is not for version $upstream" >&2; exit 1 ;;
esac
arch=$(dpkg --print-architecture)

for tool in scdoc dpkg-deb dpkg-shlibdeps strip fakeroot readelf; do
    command -v "$tool" >/dev/null || { echo "build-deb: $tool is missing (scripts/install-deps.sh build)" >&2; exit 1; }
done
with_app=1
scripts/app-product.sh || { with_app=""; echo "build-deb: daily-dose-app is not built (no daily-dose product)" >&2; }

if [ -z "${SKIP_BUILD:-}" ]; then
    echo "build-deb: make release (static Swift runtime and libstdc++, lld; Makefile RELEASE_FLAGS)" >&2
    nice -n 10 make --no-print-directory release >&2
fi

# A scratch source tree: dpkg-shlibdeps wants debian/control and each package staged in debian/PACKAGE.
tree="$out/tree"
rm -rf "$tree"
mkdir -p "$tree/debian"
{ printf 'Source: daily-dose\n\nPackage: daily-dose\nArchitecture: any\n'
  [ -z "$with_app" ] || printf '\nPackage: daily-dose-app\nArchitecture: any\n'; } >"$tree/debian/control"
rm -f "$out"/daily-dose_*.deb "$out"/daily-dose-app_*.deb

# stage PACKAGE MAKE_TARGET: the package's files under debian/PACKAGE, as policy wants them.
stage() {
    local package=$1 target=$2 dir="$tree/debian/$1"
    mkdir -p "$dir/DEBIAN"
    make --no-print-directory "$target" DESTDIR="$dir" PREFIX=/usr >/dev/null
    # Policy: stripped binaries (`make install` strips them: Makefile STRIP_FLAGS), compressed manual pages,
    # copyright and changelog under /usr/share/doc.
    gzip -9n "$dir"/usr/share/man/man*/*
    local doc="$dir/usr/share/doc/$package"
    install -d "$doc"
    install -m 644 packaging/debian/copyright "$doc/copyright"
    gzip -9n -c packaging/debian/changelog >"$doc/changelog.Debian.gz"
    chmod 644 "$doc/changelog.Debian.gz"
    # Nothing may come from the toolchain at run time.
    local binary
    for binary in "$dir"/usr/bin/*; do
        if ldd "$binary" | grep -E "not found|/opt/swift|swift" >&2; then
            echo "build-deb: $(basename "$binary") needs a library that is not in a Debian package" >&2
            exit 1
        fi
        if readelf -d "$binary" | grep -E "RPATH|RUNPATH" >&2; then
            echo "build-deb: $(basename "$binary") has a library search path (build with make release)" >&2
            exit 1
        fi
    done
}

# shlibs PACKAGE: Depends from what the package's binaries really link.
shlibs() {
    local deps
    deps=$(cd "$tree" && dpkg-shlibdeps -O "$tree/debian/$1"/usr/bin/* | sed -n 's/^[^:]*:Depends=//p')
    [ -n "$deps" ] || { echo "build-deb: dpkg-shlibdeps found no dependencies for $1" >&2; exit 1; }
    echo "$deps"
}

# finish PACKAGE DEPENDS TEMPLATE: control, conffiles, md5sums, modes, the .deb; prints its path.
finish() {
    local package=$1 depends=$2 template=$3 dir="$tree/debian/$1"
    local deb="$out/${package}_${version}_${arch}.deb" installed_size
    installed_size=$(du -sk --apparent-size --exclude=DEBIAN "$dir" | cut -f1)
    sed -e "s|@VERSION@|$version|" -e "s|@ARCH@|$arch|" -e "s|@INSTALLED_SIZE@|$installed_size|" \
        -e "s|@DEPENDS@|$depends|" "$template" >"$dir/DEBIAN/control"
    # Files under /etc are configuration the admin may edit.
    if [ -d "$dir/etc" ]; then
        (cd "$dir" && find etc -type f -printf '/%p\n' | sort) >"$dir/DEBIAN/conffiles"
        chmod 644 "$dir/DEBIAN/conffiles"
    fi
    (cd "$dir" && find . -path ./DEBIAN -prune -o -type f -printf '%P\0' | sort -z | xargs -0 md5sum) >"$dir/DEBIAN/md5sums"
    chmod 644 "$dir/DEBIAN/control" "$dir/DEBIAN/md5sums"
    # Directories 755, files 644, the programs 755, all owned by root.
    find "$dir" -type d -exec chmod 755 {} +
    find "$dir" -type f ! -path "$dir/usr/bin/*" -exec chmod 644 {} +
    dpkg-deb --root-owner-group -Zxz --build "$dir" "$deb" >&2
    echo "build-deb: $(dpkg-deb -f "$deb" Package Version Installed-Size | tr '\n' ' ')" >&2
    echo "$deb"
}

# The toolkit the app alone may link: the CLI package must not pull it in.
toolkit='libgtk-4|libadwaita-1|libwebkitgtk-6|libjavascriptcoregtk-6'

# --- daily-dose: the commands and the scheduler -------------------------------------------------------
stage daily-dose install-cli
for binary in "$tree"/debian/daily-dose/usr/bin/*; do
    if readelf -d "$binary" | grep NEEDED | grep -E "$toolkit" >&2; then
        echo "build-deb: $(basename "$binary") links the app's toolkit; it belongs in daily-dose-app" >&2
        exit 1
    fi
done
# `dose` opens libcurl.so.4 on its first transfer (dlopen, so start-up maps none of its 32 libraries):
# dpkg-shlibdeps cannot see it, so it is named here, at the version the redirect and limit rules were
# written against (7.88, Debian 12). libsodium.so.23 likewise, on the first signature checked (at the
# version its symbols file gives the functions used). The dose page loads KaTeX from libjs-katex.
cli_depends="$(shlibs daily-dose), libcurl4 (>= 7.88), libsodium23 (>= 1.0.3), libjs-katex"
if grep -E "$toolkit|libgtk-4|libadwaita|webkit" <<<"$cli_depends" >&2; then
    echo "build-deb: daily-dose would depend on the app's toolkit" >&2
    exit 1
fi
cli_deb=$(finish daily-dose "$cli_depends" packaging/debian/control.in)

# --- daily-dose-app: the window ------------------------------------------------------------------------
app_deb=""
if [ -n "$with_app" ]; then
    stage daily-dose-app install-app
    # The same version of the commands (the config, the store and the snapshot are theirs); KaTeX for the
    # card; gapplication (libglib2.0-bin) runs the desktop entry's actions for launchers without D-Bus
    # activation.
    app_depends="daily-dose (= $version), $(shlibs daily-dose-app), libjs-katex, libglib2.0-bin"
    app_deb=$(finish daily-dose-app "$app_depends" packaging/debian/control-app.in)
fi

echo "$cli_deb"
[ -z "$app_deb" ] || echo "$app_deb"
