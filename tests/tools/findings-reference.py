#!/usr/bin/env python3
"""The findings of `strata-cli findings`, computed without Strata from the raw Kineto JSON.

For each trace given, prints one line per rule it checks: the rule id, whether it fires at the
default threshold, and its value (a share in %, or a count), so tests/cli/tst_clifindings.cpp's
table of real traces can be written from an independent computation. Run it from the
repository's root on the shared corpus:

    python3 tests/tools/findings-reference.py ../shared/corpus/real/*/*.json*

and on a job's ranks, in rank order, for its straggler line:

    python3 tests/tools/findings-reference.py --job ../shared/corpus/multirank/hta_sampled/rank-*.json.gz

The rules and their definitions (README.md's Findings, docs/cli.md):
  device-idle      per device (a pid with kernels, copies or memsets): idle = span - union of
                   its device work, share of its span; fires at 20 %
  launch-bound     kernels (launched device work that is not a copy or memset) whose duration is
                   under their runtime call's (same correlation id), share of the kernels; 30 %
  sync-stall       host threads' union of synchronising calls, clipped to the ProfilerStep#N
                   spans (or the trace without steps), share of the steps' time; 10 %
  dataloader-wait  the same for spans whose name holds "dataloader" in any case; 10 %
  pageable-memcpy  copies whose name says "Pageable": count, bytes and time; fires at 1 copy
  small-transfers  copies and memsets with a "bytes" arg under 65536, share of the memory time; 10 %
  exposed-communication  communication kernels (device events named nccl*) while no compute
                   kernel (device work that is neither communication nor a copy or memset) runs:
                   the union of the first minus the union of the second, share of the device
                   span (first start to last end of any device work); fires at 15 %
  step-variance    the ProfilerStep#N spans' durations: coefficient of variation (population
                   standard deviation / mean) in %, fires at 10 %; else the longest step over the
                   median (the mean of the middle two for an even count), fires at 1.5
And for a job (--job, the ranks' files given in rank order):
  straggler        the communication kernels (device events named nccl*), matched across ranks
                   as the n-th of one name on one stream, on the recorded clocks; the last to
                   start (the lowest rank of a tie) arrives last and the others wait for it
                   last start - their start. The rank last most often (fewer waits on a tie):
                   its share of last arrivals, fires at 50 % when the others' mean wait is 10 %
                   or more of their mean step time (summed ProfilerStep#N, else the trace)
Times are parsed exactly from their decimal text (microseconds) into nanoseconds.
"""
import decimal
import gzip
import json
import re
import sys

DEVICE_CATS = {"kernel", "gpu_memcpy", "gpu_memset", "Kernel", "Memcpy", "Memset", "mtia_ccp_events"}
MEMORY_CATS = {"gpu_memcpy", "gpu_memset", "Memcpy", "Memset"}
LAUNCH_CATS = {"cuda_runtime", "Runtime", "cuda_driver", "mtia_runtime", "hip_runtime"}
SYNC_CALLS = {
    "cudaDeviceSynchronize", "cudaStreamSynchronize", "cudaEventSynchronize", "cudaMemcpy", "cudaMemcpy2D",
    "cudaMemcpy3D", "cudaMemcpyToSymbol", "cudaMemcpyFromSymbol", "cuCtxSynchronize", "cuStreamSynchronize",
    "cuEventSynchronize", "hipDeviceSynchronize", "hipStreamSynchronize", "hipEventSynchronize", "hipMemcpy",
    "hipMemcpy2D", "hipMemcpy3D", "hipMemcpyToSymbol", "hipMemcpyFromSymbol", "synchronize", "synchronizeStream",
}
STEP = re.compile(r"ProfilerStep\s*#\s*(\d+)")


def ns(text):
    return int((decimal.Decimal(text) * 1000).to_integral_value(rounding=decimal.ROUND_HALF_EVEN))


def load(path):
    opener = gzip.open if path.endswith(".gz") else open
    with opener(path, "rb") as f:
        doc = json.load(f, parse_float=decimal.Decimal, parse_int=decimal.Decimal)
    events = doc.get("traceEvents", []) if isinstance(doc, dict) else doc
    out, extent = [], [None, None]
    for e in events:
        if "ts" in e and e.get("ph") != "M":
            # The trace's extent, as Strata's store takes it: every timed event but metadata.
            t0 = ns(e["ts"])
            t1 = t0 + (ns(e.get("dur", 0)) if e.get("ph") == "X" else 0)
            extent = [t0 if extent[0] is None else min(extent[0], t0), t1 if extent[1] is None else max(extent[1], t1)]
        if e.get("ph") != "X" or "ts" not in e:
            continue
        start = ns(e["ts"])
        out.append({"name": str(e.get("name", "")), "cat": str(e.get("cat", "")), "pid": str(e.get("pid")),
                    "tid": str(e.get("tid")), "start": start, "end": start + ns(e.get("dur", 0)),
                    "args": e.get("args") or {}})
    return out, extent


def union(intervals):
    total, cur_s, cur_e = 0, None, None
    for s, e in sorted(intervals):
        if e <= s:
            continue
        if cur_e is None or s > cur_e:
            if cur_e is not None:
                total += cur_e - cur_s
            cur_s, cur_e = s, e
        else:
            cur_e = max(cur_e, e)
    if cur_e is not None:
        total += cur_e - cur_s
    return total


def merged(intervals):
    out = []
    for s, e in sorted(intervals):
        if e <= s:
            continue
        if out and s <= out[-1][1]:
            out[-1][1] = max(out[-1][1], e)
        else:
            out.append([s, e])
    return out


def exposed(comm, compute):
    """The length of union(comm) minus union(compute)."""
    total = 0
    busy = merged(compute)
    for s, e in merged(comm):
        total += e - s - sum(min(e, b) - max(s, a) for a, b in busy if a < e and b > s)
    return total


def communication(e):
    return e["name"].lower().startswith("nccl")


def memory_work(e):
    return e["cat"] in MEMORY_CATS or re.match(r"^(Memcpy|Memset|dma)", e["name"]) is not None


def findings(events, extent):
    device = [e for e in events if e["cat"] in DEVICE_CATS]
    device_threads = {(e["pid"], e["tid"]) for e in device}
    host = [e for e in events if (e["pid"], e["tid"]) not in device_threads]
    out = []
    if device:
        for pid in sorted({e["pid"] for e in device}):
            work = [(e["start"], e["end"]) for e in device if e["pid"] == pid]
            span = max(b for _, b in work) - min(a for a, _ in work)
            idle = span - union(work)
            share = 100.0 * idle / span if span else 0.0
            out.append(("device-idle", share >= 20, share, "pid %s: idle %d ns of %d" % (pid, idle, span)))
    comm = [(e["start"], e["end"]) for e in device if communication(e)]
    if comm:
        compute = [(e["start"], e["end"]) for e in device if not communication(e) and not memory_work(e)]
        span = max(e["end"] for e in device) - min(e["start"] for e in device)
        hidden_not = exposed(comm, compute)
        share = 100.0 * hidden_not / span if span else 0.0
        out.append(("exposed-communication", share >= 15, share, "%d ns of %d" % (hidden_not, span)))
    launches = {}
    for e in host:
        if e["cat"] in LAUNCH_CATS and "correlation" in e["args"]:
            launches[str(e["args"]["correlation"])] = e
    kernels = [e for e in device if not memory_work(e) and str(e["args"].get("correlation")) in launches]
    if kernels:
        short = [k for k in kernels if k["end"] - k["start"] < launches[str(k["args"]["correlation"])]["end"]
                 - launches[str(k["args"]["correlation"])]["start"]]
        share = 100.0 * len(short) / len(kernels)
        out.append(("launch-bound", share >= 30, share, "%d of %d" % (len(short), len(kernels))))
    steps = steps_of(events)
    if not steps:
        steps = [tuple(extent)]
    step_ns = sum(b - a for a, b in steps)
    for rule, test in (("sync-stall", lambda n: n in SYNC_CALLS), ("dataloader-wait", lambda n: "dataloader" in n.lower())):
        total = 0
        for thread in {(e["pid"], e["tid"]) for e in host}:
            for a, b in steps:
                total += union([(max(e["start"], a), min(e["end"], b)) for e in host
                                if (e["pid"], e["tid"]) == thread and test(e["name"])])
        share = 100.0 * total / step_ns if step_ns else 0.0
        out.append((rule, share >= 10, share, "%d ns of %d" % (total, step_ns)))
    memory = [e for e in device if memory_work(e)]
    if memory:
        pageable = [e for e in memory if "Pageable" in e["name"]]
        nbytes = sum(int(e["args"].get("bytes", 0)) for e in pageable)
        out.append(("pageable-memcpy", len(pageable) >= 1, float(len(pageable)),
                    "%d bytes in %d ns" % (nbytes, sum(e["end"] - e["start"] for e in pageable))))
        sized = [e for e in memory if "bytes" in e["args"]]
        if sized:
            small = sum(e["end"] - e["start"] for e in sized if int(e["args"]["bytes"]) < 65536)
            mem_ns = sum(e["end"] - e["start"] for e in memory)
            share = 100.0 * small / mem_ns if mem_ns else 0.0
            out.append(("small-transfers", share >= 10, share, "%d ns of %d" % (small, mem_ns)))
    steps = sorted(b - a for a, b in steps_of(events))
    if len(steps) >= 2:
        mean = sum(steps) / len(steps)
        cv = 100.0 * (sum((d - mean) ** 2 for d in steps) / len(steps)) ** 0.5 / mean if mean else 0.0
        half = len(steps) // 2
        median = steps[half] if len(steps) % 2 else (steps[half - 1] + steps[half]) / 2
        ratio = steps[-1] / median if median else 0.0
        out.append(("step-variance", cv >= 10 or ratio >= 1.5, cv if cv >= 10 else ratio,
                    "cv %.4f %%, longest %.4f x median" % (cv, ratio)))
    return out


def steps_of(events):
    device_threads = {(e["pid"], e["tid"]) for e in events if e["cat"] in DEVICE_CATS}
    return [(e["start"], e["end"]) for e in events
            if (e["pid"], e["tid"]) not in device_threads and (STEP.fullmatch(e["name"]) or STEP.match(e["name"]))]


def straggler(ranks):
    """ranks: per rank (events, extent). The straggler line of the job, or None."""
    series = []
    for events, _ in ranks:
        by_key = {}
        for e in sorted((e for e in events if e["cat"] in DEVICE_CATS and communication(e)),
                        key=lambda e: e["start"]):
            by_key.setdefault((e["name"], e["tid"]), []).append(e)
        series.append(by_key)
    last = [0] * len(ranks)
    taken = [0] * len(ranks)
    waits = [0] * len(ranks)
    matched = []
    for key in sorted({k for s in series for k in s}):
        for n in range(max(len(s.get(key, [])) for s in series)):
            starts = {r: s[key][n]["start"] for r, s in enumerate(series) if len(s.get(key, [])) > n}
            latest = max(starts.values())
            lr = min(r for r, t in starts.items() if t == latest) if latest > min(starts.values()) else -1
            for r, t in starts.items():
                taken[r] += 1
                waits[r] += latest - t
            if lr >= 0:
                last[lr] += 1
            matched.append((lr, {r: latest - t for r, t in starts.items()}))
    best = -1
    for r in range(len(ranks)):
        if last[r] and (best < 0 or last[r] > last[best] or (last[r] == last[best] and waits[r] < waits[best])):
            best = r
    if best < 0:
        return None
    others_wait = sum(w for lr, ws in matched if lr == best for w in ws.values())
    mean_wait = others_wait // (len(ranks) - 1)
    step_ns = []
    for r, (events, extent) in enumerate(ranks):
        if r != best:
            total = sum(b - a for a, b in steps_of(events))
            step_ns.append(total if total else extent[1] - extent[0])
    wait_pct = 100.0 * mean_wait / (sum(step_ns) / len(step_ns))
    last_pct = 100.0 * last[best] / taken[best]
    return ("straggler", last_pct >= 50 and wait_pct >= 10, last_pct,
            "rank %d, last at %d of %d, others wait %d ns, mean %d ns, %.4f %% of their step time"
            % (best, last[best], taken[best], others_wait, mean_wait, wait_pct))


def main():
    if sys.argv[1:2] == ["--job"]:
        ranks = [load(path) for path in sys.argv[2:]]
        line = straggler(ranks)
        if line:
            print("job\t%s\t%s\t%.4f\t%s" % (line[0], "fires" if line[1] else "-", line[2], line[3]))
        return
    for path in sys.argv[1:]:
        try:
            events, extent = load(path)
        except (ValueError, OSError) as err:
            print("%s: not read: %s" % (path, err), file=sys.stderr)
            continue
        if extent[0] is None:
            continue
        for rule, fires, value, detail in findings(events, extent):
            print("%s\t%s\t%s\t%.4f\t%s" % (path.split("/")[-1], rule, "fires" if fires else "-", value, detail))


if __name__ == "__main__":
    main()
