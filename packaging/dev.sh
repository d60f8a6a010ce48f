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
#   packaging/dev.sh lint         the rule gates CI runs first: clang-format on every tracked C++
#                                 source, tests/tools/size-check.py, and clang-tidy on the C++
#                                 files changed since STRATA_LINT_BASE (default: the merge base
#                                 with main, or HEAD~1 on main itself)
# All are idempotent: installed packages and an up-to-date build are skipped.
set -euo pipefail

root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
build="${STRATA_BUILD_DIR:-$root/build}"
sample="$root/resources/samples/sample_profile.json"

# ccache when it is installed (never required): a build of sources compiled before, in this
# clone or in another one at another path, takes their objects from the cache. CCACHE_BASEDIR
# makes the compile commands' paths relative to the clone and CCACHE_NOHASHDIR leaves the
# working directory out of the hash, so another clone hits. An object whose command names the
# clone's path rightly misses, so only two sources do (tests/support/sourcedir.cpp and the GUI's
# sampleprofile.cpp): CI clones to a new path each time. The precompiled headers need the
# pch_defines and time_macros sloppiness. CMake reads the launcher when it first
# configures a tree; settings already in the environment win.
if command -v ccache >/dev/null; then
    export CMAKE_CXX_COMPILER_LAUNCHER="${CMAKE_CXX_COMPILER_LAUNCHER:-ccache}"
    export CMAKE_C_COMPILER_LAUNCHER="${CMAKE_C_COMPILER_LAUNCHER:-ccache}"
    export CCACHE_BASEDIR="${CCACHE_BASEDIR:-$root}" CCACHE_NOHASHDIR="${CCACHE_NOHASHDIR:-1}"
    export CCACHE_SLOPPINESS="${CCACHE_SLOPPINESS:-pch_defines,time_macros}"
fi

# Debian/Ubuntu packages the build, the tests and the GUI need. Installs skip recommended
# packages, so every one the configure needs is named: qt6-charts-dev's CMake files need
# Qt6OpenGL's (libqt6opengl6-dev), which it only recommends. libisal-dev is optional to the
# build (gzip then inflates with zlib alone) but named so every build gets ISA-L's inflate;
# so is lld, the linker every build uses when it is there (about a quarter of GNU ld's CPU).
packages=(cmake ninja-build g++ pkg-config qt6-base-dev qt6-charts-dev qt6-svg-dev libqt6opengl6-dev libgl-dev
          nlohmann-json3-dev libsimdjson-dev libcli11-dev libzstd-dev zlib1g-dev libisal-dev lld xvfb xauth)
# What `package` needs besides: dpkg-shlibdeps (dpkg-dev) and file for the dependencies,
# the two validators, and python3-debian, whose parser checks the DEP-5 copyright file.
package_tools=(dpkg-dev file desktop-file-utils appstream python3-debian)
# What `tidy` needs besides: clang-tidy and its run-clang-tidy.
tidy_tools=(clang-tidy)
# What `lint` needs besides: clang-format (14 on Debian 12, the version .clang-format is
# written for) and python3 for size-check.py.
lint_tools=(clang-format clang-tidy python3)
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
    # Debian's python3, which has python3-debian, not another python3 earlier on the PATH.
    # Strict parsing: every field and paragraph of DEP-5, and a licence text for each
    # licence a Files paragraph names.
    /usr/bin/python3 - "$tree/usr/share/doc/strata/copyright" <<'PY' >&2
import sys
from debian.copyright import Copyright
with open(sys.argv[1], encoding="utf-8") as f:
    c = Copyright(f, strict=True)
texts = {p.license.synopsis for p in c.all_license_paragraphs()}
for p in c.all_files_paragraphs():
    if not p.license.text and p.license.synopsis not in texts:
        sys.exit(f"{sys.argv[1]}: no licence text for {p.license.synopsis}")
if not any(p.files == ("*",) for p in c.all_files_paragraphs()):
    sys.exit(f"{sys.argv[1]}: no Files: * paragraph")
PY
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

# A copy of the Release build's compile commands that clang-tidy can read: the sources that
# use a precompiled header get it as the plain header it is made from, since clang cannot
# read GCC's .gch beside it. Prints the copy's folder.
tidy_db() {
    local db="$build/tidy-db"
    mkdir -p "$db"
    python3 - "$build/compile_commands.json" "$db" <<'PY'
import hashlib, json, os, re, shutil, sys
src, out = sys.argv[1], sys.argv[2]
entries = json.load(open(src))
def plain(m):
    header = m.group(1)
    copy = os.path.join(out, hashlib.sha1(header.encode()).hexdigest()[:12] + ".hxx")
    shutil.copyfile(header, copy)
    return "-include " + copy
for e in entries:
    e["command"] = re.sub(r"-include (\S*/cmake_pch\.hxx)", plain, e["command"].replace("-Winvalid-pch", ""))
json.dump(entries, open(os.path.join(out, "compile_commands.json"), "w"), indent=0)
PY
    echo "$db"
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
    run-clang-tidy -p "$(tidy_db)" -j "$jobs" -quiet -extra-arg=-Wno-unknown-warning-option "$sources"
    log "tidy: $(( $(date +%s) - t0 )) s, no findings"
}

# The C++ files clang-tidy checks in `lint`: those changed between the base and the work
# tree (new untracked ones included), deleted ones left out. The base is STRATA_LINT_BASE
# when set; else the merge base with origin/main or main when HEAD is another branch; else
# HEAD~1, which on a clean clone of main is the last commit (for a merge, everything it
# brought). A changed header is checked through the .cpp of the same name beside it, when
# there is one (its other includers are not all re-checked: that is `tidy`'s job).
lint_base() {
    local ref base
    if [ -n "${STRATA_LINT_BASE:-}" ]; then
        git -C "$root" rev-parse --verify -q "$STRATA_LINT_BASE^{commit}" ||
            { log "STRATA_LINT_BASE=$STRATA_LINT_BASE is not a commit"; exit 1; }
        return
    fi
    for ref in origin/main main; do
        base=$(git -C "$root" merge-base HEAD "$ref" 2>/dev/null) || continue
        if [ "$base" != "$(git -C "$root" rev-parse HEAD)" ]; then
            echo "$base"
            return
        fi
    done
    git -C "$root" rev-parse --verify -q 'HEAD~1^{commit}' || true
}

changed_sources() {
    local base="$1" f
    {
        git -C "$root" diff --name-only --diff-filter=d "$base" -- '*.cpp' '*.h'
        git -C "$root" ls-files --others --exclude-standard -- '*.cpp' '*.h'
    } | sort -u | while read -r f; do
        case "$f" in
        *.h) [ -f "$root/${f%.h}.cpp" ] && echo "${f%.h}.cpp" ;;
        *) echo "$f" ;;
        esac
    done | sort -u
}

# The rule gates, each seconds on a built tree. Formatting and sizes need no build, so they
# run (and fail) first. clang-tidy reads the Release build's compile commands and the moc
# output of the targets the changed files belong to: a test program's own moc file (a fresh
# clone has none until it is built), and the autogen targets of the others, which CMake
# orders after the libraries those targets link; on a fresh clone at the front of CI that is
# part of the build `test` does next, which ninja then skips.
lint() {
    install_packages "${packages[@]}" "${lint_tools[@]}"
    local t0 tall base files
    tall=$(date +%s)
    t0=$tall
    # Every C++ file git knows or would add (not the build directories, which it ignores).
    (cd "$root" && git ls-files -z --cached --others --exclude-standard -- '*.cpp' '*.h' |
        xargs -0 -r -P "$(nproc)" -n 40 clang-format --dry-run -Werror)
    log "lint: clang-format: $(( $(date +%s) - t0 )) s"
    t0=$(date +%s)
    python3 "$root/tests/tools/size-check.py"
    log "lint: size-check: $(( $(date +%s) - t0 )) s"
    t0=$(date +%s)
    base=$(lint_base)
    if [ -z "$base" ]; then
        log "lint: no base to diff against (a shallow clone?): clang-tidy skipped; set STRATA_LINT_BASE"
        return
    fi
    configure_release
    # The changed files the Release build compiles (fuzz targets are the asan preset's), and
    # the autogen targets of the targets that compile them.
    mapfile -t files < <(changed_sources "$base" | python3 -c '
import json, os, re, sys
root, build = sys.argv[1], sys.argv[2]
db = {os.path.realpath(e["file"]): e for e in json.load(open(os.path.join(build, "compile_commands.json")))}
targets = set()
for rel in sys.stdin.read().split():
    e = db.get(os.path.realpath(os.path.join(root, rel)))
    if e is None:
        continue
    print(e["file"])
    m = re.search(r"-o (\S*)CMakeFiles/([^/]+)\.dir/", e["command"])
    if m:
        targets.add(m.group(2) + "_autogen")
        # A test program has no autogen target: its moc output is built by its own command
        # (cmake/StrataTesting.cmake).
        targets.add(m.group(1) + m.group(2) + "_moc/" + m.group(2) + ".moc")
open(sys.argv[3], "w").write("".join(t + "\n" for t in sorted(targets)))
' "$root" "$build" "$build/lint-targets.txt")
    if [ ${#files[@]} -eq 0 ]; then
        log "lint: no C++ file the build compiles changed since $(git -C "$root" rev-parse --short "$base"): clang-tidy has nothing to check"
        return
    fi
    local known targets=()
    known=$(ninja -C "$build" -t targets all | sed -n -e 's/^\([^:]*_autogen\): phony$/\1/p' \
        -e 's/^\([^/:][^:]*_moc\/[^:]*\.moc\): CUSTOM_COMMAND$/\1/p')
    while read -r t; do
        grep -qx "$t" <<<"$known" && targets+=("$t")
    done <"$build/lint-targets.txt"
    [ ${#targets[@]} -gt 0 ] && ninja -C "$build" -j "$(nproc)" --quiet "${targets[@]}"
    log "lint: clang-tidy on ${#files[@]} files changed since $(git -C "$root" rev-parse --short "$base")"
    # run-clang-tidy takes regular expressions: each path is escaped and anchored.
    local regexes=() f
    for f in "${files[@]}"; do
        regexes+=("^$(printf '%s' "$f" | sed 's/[][\.*^$+?(){}|]/\\&/g')\$")
    done
    run-clang-tidy -p "$(tidy_db)" -j "$(nproc)" -quiet -extra-arg=-Wno-unknown-warning-option "${regexes[@]}" >"$build/lint-tidy.log" 2>&1 ||
        { cat "$build/lint-tidy.log" >&2; log "lint: clang-tidy found problems (above)"; exit 1; }
    log "lint: clang-tidy: $(( $(date +%s) - t0 )) s"
    log "lint: all gates passed in $(( $(date +%s) - tall )) s"
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
lint)
    lint
    ;;
install)
    deb=$(make_package)
    as_root env DEBIAN_FRONTEND=noninteractive apt-get install -y -q "$deb"
    log "installed $deb: strata is in the menus and opens profiles by double-click"
    ;;
*)
    echo "usage: packaging/dev.sh run [FILE] | test | package | install | sanitize | fuzz [SECONDS [TARGET...]] | tidy | lint" >&2
    exit 2
    ;;
esac
