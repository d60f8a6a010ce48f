#!/usr/bin/env bash
# Writes what every strata-cli command prints for the bundled sample, tests/data, a
# generated Sophgo folder and the corpus into OUTDIR, one file per (trace, command), with
# the run-time figures (load seconds, resident bytes, aggregation ms) blanked. Two runs
# from two builds are compared with `diff -r`: a restructuring must leave them identical.
#
#   tests/tools/cli-outputs.sh BUILD_DIR OUTDIR
set -euo pipefail
build=$(cd "$1" && pwd)
out=$2
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
cli=$build/app/cli/strata-cli
mkdir -p "$out"

traces=("$root/resources/samples/sample_profile.json" "$root"/tests/data/*)
if [ -x "$build/tests/importers/make_bmprofile" ]; then
    gen=$(mktemp -d)
    trap 'rm -rf "$gen"' EXIT
    "$build/tests/importers/make_bmprofile" "$gen/bmprofile_data-0" >/dev/null
    "$build/tests/importers/make_bmprofile" "$gen/bmprofile_data-1" --bmlib >/dev/null
    traces+=("$gen/bmprofile_data-0" "$gen/bmprofile_data-1")
fi
if [ -d "$root/../shared/corpus/real" ]; then
    while IFS= read -r f; do traces+=("$f"); done < <(find "$root/../shared/corpus/real" -type f \
        ! -name README.md ! -name MANIFEST.tsv | sort)
    traces+=("$root/../shared/repro/sophgo-summary-overflow/bmprofile_data-0")
fi

normalise() {
    sed -E -e 's/^(load_seconds +)[0-9.e+-]+/\1-/' -e 's/^(resident_bytes +)[0-9]+/\1-/' \
        -e 's/"load_seconds": [0-9.e+-]+/"load_seconds": -/' -e 's/"resident_bytes": [0-9]+/"resident_bytes": -/' -e 's/^(loaded_from +)[a-z]+/\1-/' -e 's/"loaded_from": "[a-z]+"/"loaded_from": -/' \
        -e 's/^(level .*), [0-9.]+ ms$/\1, - ms/' \
        -e "s|$root/||g" -e 's|/tmp/tmp\.[A-Za-z0-9]+/||g'
}

n=0
for t in "${traces[@]}"; do
    case $t in
    "$root"/../*) name=${t#"$root"/../} ;;
    "$root"/*) name=${t#"$root"/} ;;
    *) name=generated/$(basename "$t") ;;
    esac
    name=$(echo "$name" | tr '/' '_')
    for cmd in "info" "info --json" "summary" "summary --json" "summary --range 1us:" \
        "ops" "ops --json" "ops --csv" "ops --level framework" "ops --level layer --json" "ops --level name --scope all" \
        "latency" "latency --json" "search --contains a --csv" "search --min-dur 1us --json" \
        "breakdown" "breakdown --json" "breakdown --csv --range 1us:" \
        "findings" "findings --json" "findings --markdown --range 1us:"; do
        file="$out/$name.$(echo "$cmd" | tr ' :' '__' | tr -d '-')"
        read -r -a parts <<<"$cmd"
        { "$cli" "${parts[0]}" "$t" "${parts[@]:1}" 2>&1 && echo "exit 0" || echo "exit $?"; } | normalise >"$file"
        n=$((n + 1))
    done
done
# The findings' thresholds and gate, once each: the table, and the generated jobs under
# thresholds set on the command line and with --fail-on (its exit status is in the file).
{ "$cli" findings --list-thresholds 2>&1 && echo "exit 0" || echo "exit $?"; } | normalise >"$out/findings_list_thresholds"
n=$((n + 1))
for t in "$root"/tests/data/job_*; do
    name=$(echo "${t#"$root"/}" | tr '/' '_')
    { "$cli" findings "$t" --threshold device-idle.idle_pct=10 --threshold sync-stall.sync_pct=5 --json 2>&1 &&
        echo "exit 0" || echo "exit $?"; } | normalise >"$out/$name.findings_threshold_json"
    { "$cli" findings "$t" --fail-on warning 2>&1 && echo "exit 0" || echo "exit $?"; } | normalise \
        >"$out/$name.findings_failon_warning"
    n=$((n + 2))
done
echo "cli-outputs: $n outputs of ${#traces[@]} traces in $out"
