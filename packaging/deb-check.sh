#!/usr/bin/env bash
# Installs Strata's Debian package on a brand-new, minimal Debian (a throw-away chroot, as
# ../shared/tools/fresh-machine-check.sh makes one) and checks the desktop integration the
# way a new user's machine would see it:
#   - `apt-get install ./strata_*.deb` pulls every dependency by itself;
#   - desktop-file-validate and `appstreamcli validate --no-net` pass on the installed files;
#   - `xdg-mime query filetype` gives Strata's types for a Kineto .json.gz and a .pftrace,
#     and `xdg-mime query default` names strata.desktop for them;
#   - `gio open TRACE` (what a file manager's double-click does) starts strata with that file
#     under Xvfb; a screenshot of the screen is kept;
#   - `man strata` and `man strata-cli` show their pages.
#
#   packaging/deb-check.sh [DEB] [SCREENSHOT.png]     (as root; about 5 minutes)
#
# Without DEB, `packaging/dev.sh package` builds it first. The package must be built on the
# same Debian release as FRESH_SUITE (default bookworm), since its dependencies name that
# release's library versions. Prints one last line: "deb check: OK ..." or "deb check: FAILED ...".
set -uo pipefail

here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
project=$(cd "$here/.." && pwd)
shared=$(cd "$project/../shared" 2>/dev/null && pwd)
suite=${FRESH_SUITE:-bookworm}
cache=${FRESH_CACHE:-/var/tmp/fresh-machine-cache}
shot=${2:-/var/tmp/strata-deb-check.png}

fail() {
    [ -n "${log:-}" ] && [ -f "$log" ] && cp "$log" /var/tmp/deb-check-last.log && set -- "$*" "(log: /var/tmp/deb-check-last.log)"
    echo "deb check: FAILED: $*"
    exit 1
}
[ "$(id -u)" -eq 0 ] || fail "run as root (chroot needs it)"

deb=${1:-}
if [ -z "$deb" ]; then
    deb=$(bash "$here/dev.sh" package >&2 && ls "${STRATA_BUILD_DIR:-$project/build}"/packages/strata_*.deb) \
        || fail "packaging/dev.sh package did not make a package"
fi
[ -f "$deb" ] || fail "no package at $deb"

# Two real traces from the corpus: a PyTorch/Kineto .json.gz and an Android Perfetto trace.
kineto=$shared/corpus/real/pytorch__kineto/resnet50_autograd_api_worker0.pt.trace.json.gz
perfetto=$shared/corpus/real/google__perfetto/93b86b70-5dd8-b046-b985-7b18ba34939a.pftrace.gz
[ -f "$kineto" ] && [ -f "$perfetto" ] || fail "corpus traces not found under $shared/corpus/real"

root=$(mktemp -d /var/tmp/deb-check.XXXXXX)
log=$root.log
cleanup() {
    [ -f "$root/work/xvfb.pid" ] && kill "$(cat "$root/work/xvfb.pid")" 2>/dev/null
    pkill -f "$root/usr/bin/strata" 2>/dev/null
    for m in tmp dev/pts dev proc; do umount -l "$root/$m" 2>/dev/null; done
    rm -rf --one-file-system "$root"
    rm -f "$log"
}
trap cleanup EXIT

if [ ! -f "$cache/$suite.tar" ]; then
    command -v mmdebstrap >/dev/null || DEBIAN_FRONTEND=noninteractive apt-get install -y -q mmdebstrap >/dev/null 2>&1 \
        || fail "cannot install mmdebstrap"
    mkdir -p "$cache"
    mmdebstrap --variant=apt --include=ca-certificates "$suite" "$cache/$suite.tar" >"$log" 2>&1 \
        || fail "mmdebstrap: $(tail -n 2 "$log" | tr '\n' ' ')"
fi
tar -xf "$cache/$suite.tar" -C "$root" || fail "cannot unpack $cache/$suite.tar"
cp /etc/resolv.conf "$root/etc/resolv.conf" 2>/dev/null
mkdir -p "$root/work"
cp "$deb" "$root/work/"
cp "$kineto" "$root/work/resnet50.pt.trace.json.gz"
gzip -dc "$perfetto" >"$root/work/android.pftrace"
# Ordinary JSON stays JSON: Strata claims .json files only by their content.
printf '{"name": "not a trace", "values": [1, 2, 3]}\n' >"$root/work/settings.json"
printf '[bmprofile] arch=3\n[bmprofile] net_name=demo\n' >"$root/work/global.profile"
mount -t proc proc "$root/proc" && mount --bind /dev "$root/dev" && mount --bind /dev/pts "$root/dev/pts" \
    && mount -t tmpfs tmpfs "$root/tmp" || fail "cannot mount proc/dev/tmp in the chroot"

in_chroot() {
    chroot "$root" /usr/bin/env -i HOME=/root PATH=/usr/sbin:/usr/bin:/sbin:/bin LANG=C.UTF-8 \
        XDG_RUNTIME_DIR=/tmp/runtime DISPLAY=:57 /bin/bash -c "$1"
}
step() { echo "deb check: $*"; }

step "installing $(basename "$deb") in a new $suite chroot"
in_chroot "export DEBIAN_FRONTEND=noninteractive; apt-get update -q && apt-get install -y -q ./work/$(basename "$deb")" \
    >"$log" 2>&1 || fail "apt-get install of the package: $(grep -m1 -E '^E:|error' "$log")"
# What a desktop has and the checks use: the validators, xdg-utils' MIME look-up
# (File::MimeInfo), gio, man, an X server and a way to take a picture of it.
in_chroot "export DEBIAN_FRONTEND=noninteractive; apt-get install -y -q desktop-file-utils appstream xdg-utils \
    libfile-mimeinfo-perl libglib2.0-bin man-db xvfb xauth x11-apps netpbm procps" >>"$log" 2>&1 \
    || fail "cannot install the checking tools: $(grep -m1 -E '^E:' "$log")"

problems=()
expect() { # expect WHAT WANTED GOT
    if [ "$2" = "$3" ]; then step "$1: $3"; else problems+=("$1: got '$3', wanted '$2'"); step "$1: got '$3', wanted '$2'"; fi
}

out=$(in_chroot "desktop-file-validate /usr/share/applications/strata.desktop 2>&1 && echo valid")
expect "desktop-file-validate" valid "$(echo "$out" | tail -n 1)"
out=$(in_chroot "appstreamcli validate --no-net /usr/share/metainfo/*.metainfo.xml >/dev/null 2>&1 && echo valid")
expect "appstreamcli validate --no-net" valid "$out"

chrome_type=application/x-strata-chrome-trace
perfetto_type=application/vnd.perfetto-trace
expect "xdg-mime query filetype resnet50.pt.trace.json.gz" $chrome_type \
    "$(in_chroot 'xdg-mime query filetype /work/resnet50.pt.trace.json.gz')"
expect "xdg-mime query filetype android.pftrace" $perfetto_type \
    "$(in_chroot 'xdg-mime query filetype /work/android.pftrace')"
expect "xdg-mime query filetype settings.json" application/json "$(in_chroot 'xdg-mime query filetype /work/settings.json')"
expect "xdg-mime query filetype global.profile" application/x-strata-sophgo-profile \
    "$(in_chroot 'xdg-mime query filetype /work/global.profile')"
in_chroot 'strata-cli snapshot /work/android.pftrace -o /work/android.strata >/dev/null 2>&1'
expect "xdg-mime query filetype android.strata" application/x-strata-profile \
    "$(in_chroot 'xdg-mime query filetype /work/android.strata')"
expect "xdg-mime query default $chrome_type" strata.desktop "$(in_chroot "xdg-mime query default $chrome_type")"
expect "xdg-mime query default $perfetto_type" strata.desktop "$(in_chroot "xdg-mime query default $perfetto_type")"
expect "man strata" yes "$(in_chroot 'man -P cat strata 2>/dev/null | grep -q "strata - profile viewer" && echo yes')"
expect "man strata-cli" yes "$(in_chroot 'man -P cat strata-cli 2>/dev/null | grep -q "strata-cli - read" && echo yes')"
expect "strata-cli info on the .pftrace" 0 "$(in_chroot 'strata-cli info /work/android.pftrace >/dev/null 2>&1; echo $?')"

# A double-click: gio asks the MIME database for the file's type and the desktop database
# for its default application, then runs that .desktop file's Exec line.
in_chroot 'mkdir -p -m 700 /tmp/runtime; Xvfb :57 -screen 0 1600x1000x24 -nolisten tcp >/tmp/xvfb.log 2>&1 & echo $! >/work/xvfb.pid'
for _ in $(seq 50); do in_chroot 'xdpyinfo >/dev/null 2>&1' && break; sleep 0.2; done
in_chroot 'gio open /work/resnet50.pt.trace.json.gz' >>"$log" 2>&1
started=""
for _ in $(seq 100); do
    started=$(in_chroot 'pgrep -a -x strata' | grep -F /work/resnet50.pt.trace.json.gz)
    [ -n "$started" ] && break
    sleep 0.2
done
expect "gio open starts strata with the trace" yes "$([ -n "$started" ] && echo yes || echo "no ($(tail -n 2 "$log" | tr '\n' ' '))")"
if [ -n "$started" ]; then
    # The load and the first paint take a few seconds under software rendering; the picture
    # is for a person to look at, not an assertion.
    sleep 8
    in_chroot 'xwd -root -silent | xwdtopnm 2>/dev/null | pnmtopng' >"$shot" 2>>"$log" \
        && step "screenshot of the double-clicked trace: $shot" || problems+=("no screenshot")
    expect "strata still running after the load" yes "$(in_chroot 'pgrep -x strata >/dev/null && echo yes || echo no')"
fi

[ ${#problems[@]} -eq 0 ] || fail "${problems[*]}"
echo "deb check: OK: $(basename "$deb") installs on a fresh $suite, validates, owns its MIME types and opens a double-clicked trace"
