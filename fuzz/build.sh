#!/usr/bin/env bash
# Builds one libFuzzer binary per target into build/fuzz/: swiftc over Sources/DoseCore plus
# fuzz/Entry.swift, with -sanitize=fuzzer,address (SwiftPM would put the fuzzer main in every target).
# The config target also compiles Sources/DoseSystem and fuzz/ConfigFuzz.swift into the same module,
# with GLib through the CGLib module map (DoseSystem's `import DoseCore` is then ignored, with a warning).
# The index target adds fuzz/IndexFuzz.swift (the lean snapshot index against the full decoder).
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
export PATH="$PATH:/opt/swift/usr/bin"
mkdir -p "$root/build/fuzz"
for target in ${*:-latex pack snapshot index time config}; do
    upper=$(echo "$target" | tr a-z A-Z)
    out="$root/build/fuzz/$target"
    inputs=("$root/Sources/DoseCore" "$root/fuzz/Entry.swift")
    flags=()
    # The snapshot index against the full decoder: the differential check lives in its own file.
    [ "$target" = index ] && inputs+=("$root/fuzz/IndexFuzz.swift")
    if [ "$target" = config ]; then
        inputs+=("$root/Sources/DoseSystem" "$root/fuzz/ConfigFuzz.swift" "$root/Sources/CGLib")
        # clang wants GLib's include directories; -pthread from --cflags is not a swiftc flag.
        for dir in $(pkg-config --cflags-only-I gio-unix-2.0); do flags+=(-Xcc "$dir"); done
        flags+=(-I "$root/Sources/CGLib" $(pkg-config --libs gio-unix-2.0))
        inputs+=("$root/Sources/GLibGlue")
    fi
    # Rebuild only when a source (Swift, or the C module map and shim) is newer than the binary.
    if [ -x "$out" ] && [ -z "$(find "${inputs[@]}" -newer "$out" \( -name '*.swift' -o -name '*.h' -o -name '*.modulemap' \) | head -1)" ]; then
        continue
    fi
    sources=()
    for input in "${inputs[@]}"; do
        case $input in
            *.swift) sources+=("$input") ;;
            */CGLib | */GLibGlue) ;;
            # Recursive: DoseSystem keeps its command-table machinery in a folder of its own.
            *) while IFS= read -r file; do sources+=("$file"); done < <(find "$input" -name '*.swift' | sort) ;;
        esac
    done
    if [ "$target" = config ]; then
        # DoseSystem imports the GLib glue: it is built first as a module of its own and linked in.
        glue="$root/build/fuzz/glue"
        mkdir -p "$glue"
        nice -n 10 swiftc -O -g -sanitize=fuzzer,address -parse-as-library -module-name GLibGlue "${flags[@]}" \
            -emit-module -emit-module-path "$glue/GLibGlue.swiftmodule" -emit-library -static -o "$glue/libGLibGlue.a" \
            "$root"/Sources/GLibGlue/*.swift >"$out.build.log" 2>&1 || { tail -n 40 "$out.build.log"; exit 1; }
        flags+=(-I "$glue" -L "$glue" -lGLibGlue)
    fi
    nice -n 10 swiftc -O -g -sanitize=fuzzer,address -module-name DoseCore -D "FUZZ_$upper" "${flags[@]}" \
        "${sources[@]}" -o "$out" >"$out.build.log" 2>&1 \
        || { grep -v "Cannot export local symbol" "$out.build.log" | tail -n 40; exit 1; }
done
