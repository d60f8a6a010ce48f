#!/usr/bin/env bash
# Loads a small and a large trace one after the other with bench_load (no in-memory
# baseline) and checks the large one against the 100M-event budgets: peak RSS during the
# load, resident memory after it, and load time no worse than RATIO x the small load of the
# same run. Prints the load average before each load: on a shared machine the wall-time
# ratio follows whatever else runs, so the CPU-time ratio is printed beside it.
#
#   tests/bench/load-scaling.sh BUILD_DIR [SMALL [LARGE]]
#
# Defaults: /tmp/bench10m.json and /work/bench100m.json (gen_trace.py -n 10000000 and
# -n 100000000; the large one is ~20 GB). Budgets (bytes, ratio) from the environment:
# PEAK_MAX=6000000000 RESIDENT_MAX=4500000000 RATIO_MAX=15.
set -euo pipefail
build=$(cd "$1" && pwd)
small=${2:-/tmp/bench10m.json}
large=${3:-/work/bench100m.json}
peakMax=${PEAK_MAX:-6000000000}
residentMax=${RESIDENT_MAX:-4500000000}
ratioMax=${RATIO_MAX:-15}
bench=$build/tests/bench/bench_load
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT

for t in small large; do
    f=${!t}
    echo "== $t: $f"
    echo "load average before: $(cut -d' ' -f1-3 /proc/loadavg)"
    "$bench" "$f" --no-baseline | tee "$out/$t"
done

status=0
python3 - "$out/small" "$out/large" "$peakMax" "$residentMax" "$ratioMax" <<'EOF' || status=1
import sys
def read(p):
    d = {}
    for line in open(p):
        parts = line.split()
        if len(parts) >= 2:
            d.setdefault(parts[0], parts[1])
    return d
s, l = read(sys.argv[1]), read(sys.argv[2])
peak_max, resident_max, ratio_max = float(sys.argv[3]), float(sys.argv[4]), float(sys.argv[5])
ev_s, ev_l = float(s["events"]), float(l["events"])
print()
print(f"{'':28}{'small':>14}{'large':>14}")
for k in ["events", "load_seconds", "load_cpu_seconds", "peak_rss_bytes", "peak_rss_per_event",
          "resident_after_bytes", "resident_after_per_event", "resident_bytes_per_event"]:
    print(f"{k:28}{s[k]:>14}{l[k]:>14}")
wall = float(l["load_seconds"]) / float(s["load_seconds"])
cpu = float(l["load_cpu_seconds"]) / float(s["load_cpu_seconds"])
print(f"events ratio {ev_l / ev_s:.2f}; load time ratio {wall:.2f} (CPU time {cpu:.2f})")
ok = True
for what, value, limit in [("peak RSS", float(l["peak_rss_bytes"]), peak_max),
                           ("resident after", float(l["resident_after_bytes"]), resident_max),
                           ("load time ratio", wall, ratio_max)]:
    good = value <= limit
    ok &= good
    print(f"{'ok  ' if good else 'OVER'} {what}: {value:.4g} (budget {limit:.4g})")
sys.exit(0 if ok else 1)
EOF
exit $status
