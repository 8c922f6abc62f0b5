#!/usr/bin/env bash
# Builds the Debian package build/deb/daily-dose_VERSION-REVISION_ARCH.deb from a release build with
# the Swift runtime linked statically, staged by `make install PREFIX=/usr`.
#
# Depends comes from what the binaries really link (dpkg-shlibdeps), plus libjs-katex (the dose page).
# No maintainer scripts: nothing is done at install or removal, and no user's home is ever touched.
#
# Usage: packaging/build-deb.sh [OUTPUT_DIR]      (SKIP_BUILD=1 reuses .build/release as it is)
# Prints the path of the .deb on its last line.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root"
export PATH="$PATH:/opt/swift/usr/bin"
out=$(mkdir -p "${1:-build/deb}" && cd "${1:-build/deb}" && pwd)

package=daily-dose
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
deb="$out/${package}_${version}_${arch}.deb"

for tool in scdoc dpkg-deb dpkg-shlibdeps strip fakeroot; do
    command -v "$tool" >/dev/null || { echo "build-deb: $tool is missing (scripts/install-deps.sh build)" >&2; exit 1; }
done

if [ -z "${SKIP_BUILD:-}" ]; then
    echo "build-deb: make release (static Swift runtime and libstdc++, lld; Makefile RELEASE_FLAGS)" >&2
    nice -n 10 make --no-print-directory release >&2
fi

# A scratch source tree: dpkg-shlibdeps wants debian/control and the package staged in debian/PACKAGE.
tree="$out/tree"
stage="$tree/debian/$package"
rm -rf "$tree"
mkdir -p "$stage/DEBIAN"
printf 'Source: %s\n\nPackage: %s\nArchitecture: any\n' "$package" "$package" >"$tree/debian/control"
make --no-print-directory install DESTDIR="$stage" PREFIX=/usr >/dev/null

# Policy: stripped binaries (`make install` strips them: Makefile STRIP_FLAGS), compressed manual pages,
# copyright and changelog under /usr/share/doc.
gzip -9n "$stage"/usr/share/man/man*/*
doc="$stage/usr/share/doc/$package"
install -d "$doc"
install -m 644 packaging/debian/copyright "$doc/copyright"
gzip -9n -c packaging/debian/changelog >"$doc/changelog.Debian.gz"
chmod 644 "$doc/changelog.Debian.gz"

# Nothing may come from the toolchain at run time.
for binary in "$stage/usr/bin/dose" "$stage/usr/bin/dose-notify"; do
    if ldd "$binary" | grep -E "not found|/opt/swift|swift" >&2; then
        echo "build-deb: $(basename "$binary") needs a library that is not in a Debian package" >&2
        exit 1
    fi
    if readelf -d "$binary" | grep -E "RPATH|RUNPATH" >&2; then
        echo "build-deb: $(basename "$binary") has a library search path (build with make release)" >&2
        exit 1
    fi
done

# Depends: from what the binaries really link.
shlibs=$(cd "$tree" && dpkg-shlibdeps -O "$stage/usr/bin/dose" "$stage/usr/bin/dose-notify" | sed -n 's/^shlibs:Depends=//p')
[ -n "$shlibs" ] || { echo "build-deb: dpkg-shlibdeps found no dependencies" >&2; exit 1; }
# `dose` opens libcurl.so.4 on its first transfer (dlopen, so start-up maps none of its 32 libraries):
# dpkg-shlibdeps cannot see it, so it is named here, at the version the redirect and limit rules were
# written against (7.88, Debian 12).
depends="$shlibs, libcurl4 (>= 7.88), libjs-katex"

installed_size=$(du -sk --apparent-size --exclude=DEBIAN "$stage" | cut -f1)
sed -e "s|@VERSION@|$version|" -e "s|@ARCH@|$arch|" -e "s|@INSTALLED_SIZE@|$installed_size|" \
    -e "s|@DEPENDS@|$depends|" packaging/debian/control.in >"$stage/DEBIAN/control"
# Files under /etc are configuration the admin may edit.
(cd "$stage" && find etc -type f -printf '/%p\n' | sort) >"$stage/DEBIAN/conffiles"
(cd "$stage" && find . -path ./DEBIAN -prune -o -type f -printf '%P\0' | sort -z | xargs -0 md5sum) >"$stage/DEBIAN/md5sums"
chmod 644 "$stage/DEBIAN/control" "$stage/DEBIAN/conffiles" "$stage/DEBIAN/md5sums"

# Directories 755, files 644, the two programs 755, all owned by root.
find "$stage" -type d -exec chmod 755 {} +
find "$stage" -type f ! -path "$stage/usr/bin/*" -exec chmod 644 {} +

rm -f "$out"/${package}_*.deb
dpkg-deb --root-owner-group -Zxz --build "$stage" "$deb" >&2
echo "build-deb: $(dpkg-deb -f "$deb" Package Version Installed-Size | tr '\n' ' ')" >&2
echo "$deb"
