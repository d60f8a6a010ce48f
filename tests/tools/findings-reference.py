#!/usr/bin/env python3
"""The findings of `strata-cli findings`, computed without Strata from the raw Kineto JSON.

For each trace given, prints one line per rule it checks: the rule id, whether it fires at the
default threshold, and its value (a share in %, or a count), so tests/cli/tst_clifindings.cpp's
table of real traces can be written from an independent computation. Run it from the
repository's root on the shared corpus:

    python3 tests/tools/findings-reference.py ../shared/corpus/real/*/*.json*

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
            out.append(("device-idle", share >= 20, share, "pid %s" % pid))
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
    steps = [(e["start"], e["end"]) for e in host if STEP.fullmatch(e["name"]) or STEP.match(e["name"])]
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
    return out


def main():
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
