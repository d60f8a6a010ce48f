#!/usr/bin/env bash
# Runs every libFuzzer program of a build (tests/fuzz, STRATA_FUZZ=ON under clang) for a
# bounded time each, as many at once as there are cores:
#   tests/fuzz/run-fuzzers.sh BUILD_DIR SECONDS [TARGET...]
# Each starts from its seeds (made by make_fuzz_seeds) and regression inputs, growing a
# corpus of its own in BUILD_DIR/tests/fuzz/work/<target>. A crash, a sanitizer report, a
# leak, an input that runs over 30 s or over 2 GB fails the run; the input is printed as
# its path and the hex of its first 256 bytes, to be copied to tests/fuzz/regressions/<target>/.
# Prints each target's executions and coverage.
set -euo pipefail
build="${1:?usage: run-fuzzers.sh BUILD_DIR SECONDS [TARGET...]}"
seconds="${2:?usage: run-fuzzers.sh BUILD_DIR SECONDS [TARGET...]}"
shift 2
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
fuzz="$build/tests/fuzz"
targets=("$@")
if [ ${#targets[@]} -eq 0 ]; then
    for f in "$fuzz"/fuzz_*; do
        n=$(basename "$f")
        case "$n" in *_replay|*_autogen|*.*) continue ;; esac
        [ -f "$f" ] && [ -x "$f" ] && targets+=("${n#fuzz_}")
    done
fi
[ ${#targets[@]} -gt 0 ] || { echo "run-fuzzers: no libFuzzer programs in $fuzz (configure with clang and -DSTRATA_FUZZ=ON)" >&2; exit 1; }
[ -d "$fuzz/seeds" ] || QT_QPA_PLATFORM=offscreen "$fuzz/make_fuzz_seeds" "$fuzz/seeds"

run_one() {
    local t=$1 work="$fuzz/work/$1" log="$fuzz/work/$1.log" dict=()
    mkdir -p "$work" "$fuzz/findings/$t"
    [ -f "$here/$t.dict" ] && dict=(-dict="$here/$t.dict")
    local inputs=("$work" "$fuzz/seeds/$t")
    [ -d "$here/regressions/$t" ] && inputs+=("$here/regressions/$t")
    if "$fuzz/fuzz_$t" -max_total_time="$seconds" -timeout=30 -rss_limit_mb=2048 -max_len=65536 \
        -print_final_stats=1 -artifact_prefix="$fuzz/findings/$t/" "${dict[@]}" "${inputs[@]}" >"$log" 2>&1; then
        local runs cov
        runs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log")
        cov=$(grep -o 'cov: [0-9]*' "$log" | tail -1)
        echo "run-fuzzers: $t: ${runs:-?} inputs in ${seconds} s, ${cov:-cov: ?}, no finding"
        return 0
    fi
    echo "run-fuzzers: $t: FINDING" >&2
    grep -E 'ERROR|SUMMARY|runtime error|==[0-9]+==' "$log" | head -20 >&2 || true
    local f
    for f in "$fuzz/findings/$t"/*; do
        [ -f "$f" ] || continue
        echo "run-fuzzers: input $f ($(stat -c %s "$f") bytes), first 256 bytes:" >&2
        od -A x -t x1z -N 256 "$f" >&2
    done
    return 1
}

jobs=$(nproc)
failed=0
pids=()
names=()
for t in "${targets[@]}"; do
    run_one "$t" &
    pids+=($!)
    names+=("$t")
    if [ ${#pids[@]} -ge "$jobs" ]; then
        wait "${pids[0]}" || failed=1
        pids=("${pids[@]:1}")
        names=("${names[@]:1}")
    fi
done
for p in "${pids[@]}"; do
    wait "$p" || failed=1
done
exit $failed
