#!/usr/bin/env bash
# Strata's two-command developer entry point (README "Quick start"):
#   packaging/dev.sh run [FILE]   set up, build (Release) and open FILE, or the bundled sample
#   packaging/dev.sh test         set up, build and run every test with ctest
# Both are idempotent: installed packages and an up-to-date build are skipped.
set -euo pipefail

root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
build="${STRATA_BUILD_DIR:-$root/build}"
sample="$root/resources/samples/sample_profile.json"

# Debian/Ubuntu packages the build, the tests and the GUI need.
packages=(cmake ninja-build g++ pkg-config qt6-base-dev qt6-charts-dev libgl-dev
          nlohmann-json3-dev libzstd-dev zlib1g-dev xvfb xauth)

log() { printf 'dev.sh: %s\n' "$*" >&2; }

install_packages() {
    local missing=() p
    for p in "${packages[@]}"; do
        if ! dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed"; then
            missing+=("$p")
        fi
    done
    [ ${#missing[@]} -eq 0 ] && return 0
    local sudo=()
    if [ "$(id -u)" -ne 0 ]; then
        command -v sudo >/dev/null || { log "need root or sudo to install: ${missing[*]}"; exit 1; }
        sudo=(sudo)
    fi
    log "installing ${missing[*]}"
    "${sudo[@]}" env DEBIAN_FRONTEND=noninteractive apt-get update -q
    "${sudo[@]}" env DEBIAN_FRONTEND=noninteractive apt-get install -y -q --no-install-recommends "${missing[@]}"
}

build_release() {
    if [ ! -f "$build/build.ninja" ]; then
        cmake -S "$root" -B "$build" -G Ninja -DCMAKE_BUILD_TYPE=Release
    fi
    cmake --build "$build" --parallel "$(nproc)"
}

case "${1:-}" in
run)
    install_packages
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
    install_packages
    build_release
    cd "$build"
    exec ctest --output-on-failure --parallel "$(nproc)"
    ;;
*)
    echo "usage: packaging/dev.sh run [FILE] | test" >&2
    exit 2
    ;;
esac
