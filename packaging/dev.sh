#!/usr/bin/env bash
# Strata's developer entry point (README "Quick start"):
#   packaging/dev.sh run [FILE]   set up, build (Release) and open FILE, or the bundled sample
#   packaging/dev.sh test         set up, build and run every test with ctest
#   packaging/dev.sh package      set up, build and make build/packages/strata_<version>_amd64.deb,
#                                 then validate its .desktop and AppStream files
#   packaging/dev.sh install      package, then install the .deb with apt-get (double-click works)
#   packaging/dev.sh sanitize     build the asan preset (clang, ASan+UBSan) and run every test under
#                                 it, replay the fuzz regressions and run each fuzz target for
#                                 STRATA_FUZZ_SECONDS (15); then the tsan preset (GCC) and the
#                                 tests of the layers that own threads under ThreadSanitizer
#   packaging/dev.sh fuzz [SECONDS [TARGET...]]
#                                 build the asan preset's fuzz targets and run each for SECONDS
#                                 (600), two at a time on two cores (tests/fuzz/run-fuzzers.sh)
#   packaging/dev.sh tidy         run clang-tidy (.clang-tidy) over every source file of the tree;
#                                 fails on any finding
# All are idempotent: installed packages and an up-to-date build are skipped.
set -euo pipefail

root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
build="${STRATA_BUILD_DIR:-$root/build}"
sample="$root/resources/samples/sample_profile.json"

# Debian/Ubuntu packages the build, the tests and the GUI need. Installs skip recommended
# packages, so every one the configure needs is named: qt6-charts-dev's CMake files need
# Qt6OpenGL's (libqt6opengl6-dev), which it only recommends.
packages=(cmake ninja-build g++ pkg-config qt6-base-dev qt6-charts-dev qt6-svg-dev libqt6opengl6-dev libgl-dev
          nlohmann-json3-dev libcli11-dev libzstd-dev zlib1g-dev xvfb xauth)
# What `package` needs besides: dpkg-shlibdeps (dpkg-dev) and file for the dependencies,
# and the two validators.
package_tools=(dpkg-dev file desktop-file-utils appstream)
# What `tidy` needs besides: clang-tidy and its run-clang-tidy.
tidy_tools=(clang-tidy)
# What `sanitize` and `fuzz` need besides: the asan preset builds with clang, whose
# sanitizer and libFuzzer runtimes are in libclang-rt-dev.
fuzz_tools=(clang libclang-rt-dev)

log() { printf 'dev.sh: %s\n' "$*" >&2; }

as_root() {
    if [ "$(id -u)" -ne 0 ]; then
        command -v sudo >/dev/null || { log "need root or sudo to run: $*"; exit 1; }
        sudo "$@"
    else
        "$@"
    fi
}

install_packages() {
    local missing=() p
    for p in "$@"; do
        if ! dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed"; then
            missing+=("$p")
        fi
    done
    [ ${#missing[@]} -eq 0 ] && return 0
    log "installing ${missing[*]}"
    as_root env DEBIAN_FRONTEND=noninteractive apt-get update -q
    as_root env DEBIAN_FRONTEND=noninteractive apt-get install -y -q --no-install-recommends "${missing[@]}"
}

configure_release() {
    if [ ! -f "$build/build.ninja" ]; then
        cmake -S "$root" -B "$build" -G Ninja -DCMAKE_BUILD_TYPE=Release -DSTRATA_WERROR="${STRATA_WERROR:-OFF}"
    fi
}

build_release() {
    configure_release
    cmake --build "$build" --parallel "$(nproc)"
}

# Builds the .deb with CPack and validates the launcher and the AppStream file it holds.
# Prints the package's path on stdout.
make_package() {
    install_packages "${packages[@]}" "${package_tools[@]}"
    build_release
    rm -f "$build"/packages/strata_*.deb
    (cd "$build" && cpack -G DEB >&2)
    local deb
    deb=$(ls "$build"/packages/strata_*.deb)
    local tree
    tree=$(mktemp -d)
    dpkg-deb -x "$deb" "$tree"
    desktop-file-validate "$tree/usr/share/applications/strata.desktop" >&2
    appstreamcli validate --no-net "$tree"/usr/share/metainfo/*.metainfo.xml >&2
    rm -rf "$tree"
    log "built and validated $deb"
    echo "$deb"
}

# The tests ThreadSanitizer runs: those of the layers that own threads — the store's
# parallel finalize, the importers' workers, the analyses' parallel loops, and the state
# layer's BackgroundPool, LatestJob, Session and Comparison, through which every dock's
# background job hands its result over — but not the widget and window tests (labels
# widgets, app), whose jobs go through those same hand-overs and which double the TSan
# build (CI's 45-minute limit; ASan+UBSan still runs every test). Nor the command-line
# tests (label cli): they run strata-cli as a child process, whose threads are the
# importers' and the snapshot writer's, tested here in their own layers, and building it
# with TSan took two minutes of the stage. Nor the profile loader's hostile-input test,
# which forks a threaded process. Debian's Qt is not built with TSan;
# the hand-overs our code makes through Qt's thread pool are stated for it
# (model/state/handover.h), and tests/sanitizers/tsan.supp names the few places inside Qt
# and its font libraries it cannot judge.
tsan_skip='^tst_profileloader$'
tsan_skip_labels='^(widgets|app|cli|big)$'
# Tests that need gigabytes in a plain build (label big: the store past 2^32 string bytes);
# under a sanitizer their memory would multiply, so neither stage builds or runs them.
asan_skip_labels='^big$'

# Configures and builds the asan preset: the test programs only (and what they depend on,
# strata-cli among them; the benchmarks and the GUI program are not run here) and the
# libFuzzer programs.
build_asan() {
    install_packages "${packages[@]}" "${fuzz_tools[@]}"
    local targets
    cmake --preset asan -DSTRATA_WERROR="${STRATA_WERROR:-OFF}" >/dev/null
    targets=$( (cd "$root/build-asan" && ctest -N -LE "$asan_skip_labels") | sed -n 's/^ *Test *#[0-9]*: //p' | sort -u)
    # shellcheck disable=SC2086
    cmake --build --preset asan --parallel "$(nproc)" --target $targets strata_fuzzers
}

sanitize() {
    local t0 jobs
    jobs=$(nproc)
    t0=$(date +%s)
    build_asan
    log "asan build: $(( $(date +%s) - t0 )) s"
    t0=$(date +%s)
    # Every test but the big ones, the fuzz regression replays among them (label fuzz).
    ctest --preset asan --parallel "$jobs" -LE "$asan_skip_labels"
    log "asan tests: $(( $(date +%s) - t0 )) s"
    t0=$(date +%s)
    bash "$root/tests/fuzz/run-fuzzers.sh" "$root/build-asan" "${STRATA_FUZZ_SECONDS:-15}"
    log "fuzz: $(( $(date +%s) - t0 )) s"
    t0=$(date +%s)
    cmake --preset tsan -DSTRATA_WERROR="${STRATA_WERROR:-OFF}" >/dev/null
    targets=$( (cd "$root/build-tsan" && ctest -N -E "$tsan_skip" -LE "$tsan_skip_labels") |
        sed -n 's/^ *Test *#[0-9]*: //p' | sort -u)
    # shellcheck disable=SC2086
    cmake --build --preset tsan --parallel "$jobs" --target $targets
    log "tsan build: $(( $(date +%s) - t0 )) s"
    t0=$(date +%s)
    ctest --preset tsan --parallel "$jobs" -E "$tsan_skip" -LE "$tsan_skip_labels"
    log "tsan tests: $(( $(date +%s) - t0 )) s"
}

# clang-tidy reads the Release build's compile commands (CMakeLists.txt always writes them)
# and the moc output the sources include. It compiles nothing itself, so only the autogen
# targets are built, which CMake orders after the libraries their targets link: about half
# of a full build the first time, nothing after `test` or `run`.
tidy() {
    install_packages "${packages[@]}" "${tidy_tools[@]}"
    local t0 jobs targets sources
    jobs=$(nproc)
    t0=$(date +%s)
    configure_release
    targets=$(ninja -C "$build" -t targets all | sed -n 's/^\([^:]*_autogen\): phony$/\1/p')
    # shellcheck disable=SC2086
    ninja -C "$build" -j "$jobs" --quiet $targets
    # The tree's own files only, not the build directory's generated ones; run-clang-tidy
    # takes a regular expression, so the root's special characters are escaped.
    sources="^$(printf '%s' "$root" | sed 's/[][\.*^$+?(){}|]/\\&/g')/(app|model|importers|widgets|tests)/"
    # The compile commands are GCC's; clang does not know its -Wno-maybe-uninitialized.
    run-clang-tidy -p "$build" -j "$jobs" -quiet -extra-arg=-Wno-unknown-warning-option "$sources"
    log "tidy: $(( $(date +%s) - t0 )) s, no findings"
}

case "${1:-}" in
run)
    install_packages "${packages[@]}"
    build_release
    file="${2:-$sample}"
    if [ -x "$build/app/gui/strata" ]; then
        if [ -z "${DISPLAY:-}" ] && [ -z "${WAYLAND_DISPLAY:-}" ]; then
            exec xvfb-run -a "$build/app/gui/strata" "$file"
        fi
        exec "$build/app/gui/strata" "$file"
    fi
    exec "$build/app/cli/strata-cli" info "$file"
    ;;
test)
    install_packages "${packages[@]}"
    build_release
    cd "$build"
    exec ctest --output-on-failure --parallel "$(nproc)"
    ;;
package)
    make_package >/dev/null
    ;;
sanitize)
    cd "$root"
    sanitize
    ;;
fuzz)
    cd "$root"
    build_asan
    shift
    seconds="${1:-600}"
    [ $# -gt 0 ] && shift
    exec bash "$root/tests/fuzz/run-fuzzers.sh" "$root/build-asan" "$seconds" "$@"
    ;;
tidy)
    tidy
    ;;
install)
    deb=$(make_package)
    as_root env DEBIAN_FRONTEND=noninteractive apt-get install -y -q "$deb"
    log "installed $deb: strata is in the menus and opens profiles by double-click"
    ;;
*)
    echo "usage: packaging/dev.sh run [FILE] | test | package | install | sanitize | fuzz [SECONDS [TARGET...]] | tidy" >&2
    exit 2
    ;;
esac
