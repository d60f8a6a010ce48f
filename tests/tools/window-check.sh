#!/usr/bin/env bash
# Screenshots of the whole screen with Strata in a real window manager (Xvfb + openbox), at
# the sizes users run it at, each after Layout > Reset to Default and after loading a layout
# saved on a 2560×1440 screen. Look at every picture: the whole window on the screen, every
# dock's title and main control visible.
#
#   tests/tools/window-check.sh BUILD_DIR OUT_DIR [PROFILE]
#
# Needs xvfb, openbox, xdotool and imagemagick (import). Keys drive the menus as a user's
# would; each step waits for the window to settle (no profile here takes long to open).
set -euo pipefail
build=$(cd "$1" && pwd)
out=$2
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
profile=${3:-$root/resources/samples/sample_profile.json}
mkdir -p "$out"
config=$(mktemp -d)
trap 'rm -rf "$config"' EXIT
export XDG_CONFIG_HOME=$config XDG_RUNTIME_DIR=$config

# run SIZE SCALE NAME KEYS... : start strata on a fresh screen, press KEYS, screenshot.
run() {
    local size=$1 scale=$2 name=$3
    shift 3
    local display=:$((200 + RANDOM % 500))
    Xvfb "$display" -screen 0 "${size}x24" -nolisten tcp >/dev/null 2>&1 &
    local xvfb=$!
    sleep 1
    DISPLAY=$display openbox >/dev/null 2>&1 &
    local wm=$!
    sleep 1
    DISPLAY=$display QT_SCALE_FACTOR=$scale "$build/app/gui/strata" ${STRATA_ARGS:-} "$profile" \
        >"$out/$name.log" 2>&1 &
    local app=$!
    sleep 6
    for key in "$@"; do
        if [[ $key == type:* ]]; then
            DISPLAY=$display xdotool type --delay 60 "${key#type:}"
        else
            DISPLAY=$display xdotool key --clearmodifiers "$key"
        fi
        sleep 1
    done
    sleep 2
    DISPLAY=$display import -window root "$out/$name.png"
    if [[ ${QUIT:-} == 1 ]]; then
        DISPLAY=$display xdotool key ctrl+q
        sleep 2
    fi
    kill "$app" 2>/dev/null || true
    wait "$app" 2>/dev/null || true
    kill "$wm" "$xvfb" 2>/dev/null || true
    wait "$wm" "$xvfb" 2>/dev/null || true
    echo "$out/$name.png"
}

# A layout saved on a large screen: the default arrangement there, saved as "large-screen".
QUIT=1 run 2560x1440 1 saved-on-2560x1440 alt+l s "type:large-screen" Return

for spec in "1366x768 1" "1920x1080 1" "1920x1080 1.5" "2560x1440 2"; do
    read -r size scale <<<"$spec"
    tag=${size}@${scale}x
    run "$size" "$scale" "$tag-reset" alt+l r
    STRATA_ARGS="--layout large-screen" run "$size" "$scale" "$tag-layout" || true
done
