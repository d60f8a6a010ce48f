#!/usr/bin/env python3
"""Writes a folder of per-rank Kineto traces of one distributed job, for tests and benchmarks.

Each rank's file is what the PyTorch profiler writes on one GPU of a data-parallel job:
`distributedInfo` {backend, rank, world_size}, a host thread with ProfilerStep#k annotations
and cudaLaunchKernel runtime calls (correlation ids), and on the GPU a compute stream of
kernels and a communication stream of NCCL kernels (`ncclDevKernel_AllReduce_...`,
`ncclKernel_AllGather_...`), each launched by one runtime call.

The job runs on one true clock; each rank's file is on its host's clock: ranks are spread
over --hosts hosts (rank r on host r * hosts // ranks) and host h's clock reads
h * --host-offset-us later than the true one (host 0 is the reference). Ranks on one host
share a clock.

Collectives: in every step each rank arrives (its NCCL kernel starts) at a common point plus
a jitter under --jitter-us; the planted --straggler rank arrives --straggler-us later at every
collective. Every rank's kernel ends at the same true time (the last arrival plus the
collective's work, 3 % of a step or at least 30 µs, plus an end jitter under 100 ns), as a
blocking collective does. So the
straggler arrives last at every collective, and aligning the ranks by collective ends
recovers the host offsets to within the end jitter.

Planted causes, for the findings rules (`strata-cli findings`); RANK is a rank or "all", each
per step of the rank (write_planted_step says how each is laid out): --idle-gaps RANK:COUNT:US
(host stalls: the device idles), --sync RANK:COUNT:US (cudaStreamSynchronize on the host while
the device runs), --dataloader RANK:US (enumerate(DataLoader)#...__next__ opening the step),
--pageable RANK:COUNT:BYTES and --small-copies RANK:COUNT:BYTES (Memcpy HtoD from pageable or
pinned memory, as Kineto names them, with their "bytes"), and --slow-step STEP:US (that step of
every rank runs US more of compute kernels). Without them the output is what it always was.
tests/data/job_findings holds one job with every cause (tests/cli/tst_clifindings.cpp).

Deterministic: the same options give the same bytes. No dependencies beyond Python 3.

    python3 tests/bench/gen_job.py OUT_DIR --ranks 8 --events 20000 --steps 4 \
        --straggler 5 --hosts 2 --host-offset-us 1500.25 [--names worker|rank] [--gzip] [--jobs 2]
    python3 tests/bench/gen_job.py tests/data/job_findings --ranks 4 --events 820 --steps 4 \
        --collectives 2 --kernel-ns 60000 --straggler 1 --straggler-us 500 --idle-gaps 0:3:800 \
        --sync 2:2:400 --dataloader 2:900 --pageable 3:2:262144 --small-copies 3:16:8192 \
        --slow-step 2:3600 --gzip
"""

import argparse
import gzip
import multiprocessing
import os
import random

COLLECTIVES = [
    "ncclDevKernel_AllReduce_Sum_f32_RING_LL(ncclDevComm*, unsigned long, ncclWork*)",
    "ncclKernel_AllGather_RING_LL_Sum_int8_t(ncclDevComm*, unsigned long, ncclWork*)",
]
COMPUTE = [
    "void at::native::vectorized_elementwise_kernel<4, at::native::CUDAFunctor_add<float> >(int, float*)",
    "sm80_xmma_gemm_f32f32_f32f32_f32_nn_n_tilesize128x128x8_stage3_warpsize2x2x1_ffma_aligna4_alignc4_execute_kernel",
    "void at::native::reduce_kernel<512, 1, at::native::ReduceOp<float, at::native::MeanOps<float, float> > >(float*)",
]
BASE_US = 1700000000000000  # an epoch in µs, as Kineto writes
COMPUTE_STREAM = 7
COMM_STREAM = 24


def fmt_us(ns):
    """Integer ns as µs with 3 decimals, exactly."""
    sign = "-" if ns < 0 else ""
    ns = abs(ns)
    return "%s%d.%03d" % (sign, ns // 1000, ns % 1000)


class Rank:
    """One rank's events, written to `out` (a binary file) as they are made."""

    def __init__(self, rank, offset_ns, out):
        self.rank = rank
        self.offset_ns = offset_ns
        self.pid = 1000 + rank
        self.out = out
        self.pending = []
        self.first = True
        self.corr = 1

    def emit(self, text):
        self.pending.append(text)
        if len(self.pending) >= 20000:
            self.flush()

    def flush(self):
        if self.pending:
            self.out.write(((",\n  " if not self.first else "") + ",\n  ".join(self.pending)).encode())
            self.first = False
            self.pending = []

    def x(self, cat, name, pid, tid, ts_ns, dur_ns, args):
        self.emit(
            '{"ph": "X", "cat": "%s", "name": "%s", "pid": %d, "tid": %d, "ts": %s, "dur": %s, "args": {%s}}'
            % (cat, name, pid, tid, fmt_us(BASE_US * 1000 + ts_ns + self.offset_ns), fmt_us(dur_ns), args)
        )

    def kernel(self, name, stream, launch_ns, start_ns, dur_ns):
        c = self.corr
        self.corr += 1
        self.x("cuda_runtime", "cudaLaunchKernel", self.pid, self.pid, launch_ns, 4000,
               '"External id": %d, "cbid": 211, "correlation": %d' % (c, c))
        self.x("kernel", name, self.rank, stream, start_ns, dur_ns,
               '"External id": %d, "queued": 0, "device": %d, "context": 1, "stream": %d, "correlation": %d'
               % (c, self.rank, stream, c))


def plan(args):
    """Per step, the true arrival and end of each collective on each rank, and the steps' spans."""
    rng = random.Random(args.seed)
    per_step = max(1, args.events // max(1, args.steps))
    kernels_per_step = max(args.collectives + 1, (per_step - 1) // 2)
    steps = []
    # A stream runs one kernel at a time: no rank's next collective on the NCCL stream starts
    # before its previous one ended there.
    comm_free = [0] * args.ranks
    step_start = 0
    for k in range(args.steps):
        # The planted slow step (--slow-step) does more work: more compute kernels, a longer step.
        compute_per_step = kernels_per_step - args.collectives + args.slow_steps.get(k, 0) // args.kernel_ns
        step_ns = compute_per_step * args.kernel_ns + 200000
        colls = []
        for i in range(args.collectives):
            base = step_start + (i + 1) * step_ns // (args.collectives + 1)
            arrivals = []
            for r in range(args.ranks):
                a = base + rng.randrange(0, int(args.jitter_us * 1000) + 1)
                if r == args.straggler:
                    a += int(args.straggler_us * 1000)
                arrivals.append(a)
            # Late the whole collective (not one rank) when a stream is still busy, so the
            # planted lateness and the jitter stay what the options say.
            shift = max(0, max(comm_free[r] + 1000 - arrivals[r] for r in range(args.ranks)))
            arrivals = [a + shift for a in arrivals]
            # The collective's own work: 3 % of the step (at least 30 µs), as an all-reduce of
            # the gradients is; HTA's metric only watches kernels of 1 % of a step or more.
            end = max(arrivals) + max(30000, step_ns * 3 // 100) + rng.randrange(0, 20000)
            ends = [end + rng.randrange(0, 100) for _ in range(args.ranks)]
            comm_free = ends[:]
            colls.append((COLLECTIVES[i % len(COLLECTIVES)], arrivals, ends))
        steps.append((step_start, step_ns, compute_per_step, colls))
        step_start += step_ns + 100000
    return steps


def write_events(args, rk, steps):
    rng = random.Random(args.seed * 1000003 + rk.rank)
    r = rk.rank
    plants = planted(args, r)
    for k, (step_start, step_ns, compute_n, colls) in enumerate(steps):
        s0 = step_start + rng.randrange(0, 500)
        rk.x("user_annotation", "ProfilerStep#%d" % (args.first_step + k), rk.pid, rk.pid, s0, step_ns, '"External id": 0')
        if plants[0] or plants[1]:
            write_planted_step(args, rk, rng, plants, s0, step_ns, compute_n, colls)
            continue
        # Compute kernels back to back on the compute stream, launched 5 µs ahead.
        t = s0 + 10000
        coll_i = 0
        for j in range(compute_n):
            # At most the launch spacing: kernels on one stream never overlap.
            dur = args.kernel_ns - 400 + rng.randrange(0, 401)
            while coll_i < len(colls) and colls[coll_i][1][r] <= t:
                name, arrivals, ends = colls[coll_i]
                rk.kernel(name, COMM_STREAM, arrivals[r] - 5000, arrivals[r], ends[r] - arrivals[r])
                coll_i += 1
            rk.kernel(COMPUTE[j % len(COMPUTE)], COMPUTE_STREAM, t - 5000, t, dur)
            t += args.kernel_ns
        for name, arrivals, ends in colls[coll_i:]:
            rk.kernel(name, COMM_STREAM, arrivals[r] - 5000, arrivals[r], ends[r] - arrivals[r])


DATALOADER = "enumerate(DataLoader)#_SingleProcessDataLoaderIter.__next__"
COPY_NAMES = {"pageable": "Memcpy HtoD (Pageable -> Device)", "small": "Memcpy HtoD (Pinned -> Device)"}
COPY_BYTES_PER_NS = {"pageable": 4, "small": 12}  # 4 GB/s staged through a bounce buffer, 12 GB/s pinned


def copy_ns(kind, nbytes):
    """A copy's duration: 1 µs of set-up plus its bytes at the kind's bandwidth."""
    return 1000 + nbytes // COPY_BYTES_PER_NS[kind]


def planted(args, r):
    """The causes planted on rank r: (kind, count per step, µs or bytes) and the data loader's µs."""
    per_step = [(kind, count, value) for kind, spec in (("gap", args.idle_gaps), ("sync", args.sync),
                                                       ("pageable", args.pageable), ("small", args.small_copies))
                for rank, count, value in spec if rank in (r, "all")]
    loader = sum(value for rank, value in args.dataloader if rank in (r, "all"))
    return per_step, loader


def write_planted_step(args, rk, rng, plants, s0, step_ns, compute_n, colls):
    """One step of a rank with planted causes. The host thread launches each compute kernel 5 µs
    ahead, as write_events does, except where a cause is planted before kernel j (spread evenly
    over the step):
      gap       the host launches the next kernel US later: the device idles (host wait);
      sync      cudaStreamSynchronize for US on the host, returning 1 µs after the stream drains:
                the kernels that run meanwhile were launched back to back before it, so the
                device stays busy and only the host waits;
      pageable  cudaMemcpyAsync of a pageable buffer: the copy runs on the compute stream after
                the previous kernel and the call blocks the host until it is done;
      small     the same from pinned memory: the call returns after 3 µs.
    The data loader's span opens the step and the device waits for it. Compute kernels that would
    run past the step's compute time are left out, so the step keeps its length."""
    r = rk.rank
    kernel_ns = args.kernel_ns
    region_end = s0 + 10000 + compute_n * kernel_ns
    per_step, loader_us = plants
    # Spread each cause over the kernels that still fit once every planted stall has pushed them
    # later (a bound on each stall's delay), so all of them land inside the step.
    bound = {"gap": lambda us: int(us * 1000), "sync": lambda us: 7000}
    delay = int(loader_us * 1000) + 5500
    for kind, count, value in per_step:
        delay += count * bound.get(kind, lambda nbytes: copy_ns(kind, nbytes) + 8500)(value)
    fit = compute_n - -(-delay // kernel_ns) - 1  # the kernels left after ceil(delay / kernel_ns)
    at = {}
    for kind, count, value in per_step:
        for g in range(count):
            at.setdefault((g + 1) * fit // (count + 1), []).append((kind, value))
    left = sum(count for _, count, _ in per_step)
    host = []  # (name, cat, start, dur, args) of the host thread's planted spans
    kernels = []  # [launch, start, dur, name]: the step's compute kernels
    t = s0 + 10000  # the next compute kernel's start
    host_floor = s0 + 500  # end of the last planted host span: no launch moves before it
    dev_free = s0  # end of the compute stream's last kernel or copy
    # The host's collective launches: a planted host span never covers one (it moves to the next kernel).
    comm_launches = [arrivals[r] - 5000 for _, arrivals, _ in colls]

    def blocks(a, b):
        return any(a < x + 4000 and x < b for x in comm_launches)

    if loader_us:
        d = int(loader_us * 1000)
        host.append((DATALOADER, "cpu_op", s0 + 1000, d, '"External id": 0'))
        host_floor = s0 + 1000 + d
        t = max(t, host_floor + 5500)
    for j in range(compute_n):
        dur = kernel_ns - 400 + rng.randrange(0, 401)
        for kind, value in at.get(j, []):
            left -= 1
            host_free = max(host_floor, kernels[-1][0] + 4000 if kernels else host_floor)
            if kind == "gap":
                t += int(value * 1000)
            elif kind == "sync":
                end = max(dev_free, host_free) + 1000
                start = end - int(value * 1000)
                if blocks(start - 4500, end):
                    at.setdefault(j + 1, []).append((kind, value))
                    left += 1
                    continue
                limit = start
                for k in reversed(kernels):
                    if k[0] + 4500 <= limit:
                        break
                    k[0] = limit - 4500
                    limit = k[0]
                if limit < host_floor:
                    raise SystemExit("--sync: %s µs does not fit in a step of rank %d" % (value, r))
                c = rk.corr
                rk.corr += 1
                host.append(("cudaStreamSynchronize", "cuda_runtime", start, end - start,
                             '"External id": %d, "cbid": 131, "correlation": %d' % (c, c)))
                host_floor = end
                t = max(t, end + 5500)
            else:
                hs = host_free + 500
                cs = max(dev_free, hs) + 1000
                d = copy_ns(kind, value)
                he = cs + d + 1000 if kind == "pageable" else hs + 3000
                if blocks(hs, he + 5500):
                    at.setdefault(j + 1, []).append((kind, value))
                    left += 1
                    continue
                c = rk.corr
                rk.corr += 1
                host.append(("cudaMemcpyAsync", "cuda_runtime", hs, he - hs,
                             '"External id": %d, "cbid": 41, "correlation": %d' % (c, c)))
                rk.x("gpu_memcpy", COPY_NAMES[kind], r, COMPUTE_STREAM, cs, d,
                     '"External id": %d, "device": %d, "context": 1, "stream": %d, "correlation": %d, '
                     '"bytes": %d, "memory bandwidth (GB/s)": %d'
                     % (c, r, COMPUTE_STREAM, c, value, COPY_BYTES_PER_NS[kind]))
                host_floor = he
                dev_free = cs + d
                t = max(t, dev_free + 1000, he + 5500)
        if t + kernel_ns > region_end:
            break
        kernels.append([t - 5000, t, dur, COMPUTE[j % len(COMPUTE)]])
        dev_free = t + dur
        t += kernel_ns
    if left or fit < 1:
        raise SystemExit("rank %d: the planted causes do not fit in a step; use more --events" % r)
    for name, cat, start, dur, a in host:
        rk.x(cat, name, rk.pid, rk.pid, start, dur, a)
    for launch, start, dur, name in kernels:
        rk.kernel(name, COMPUTE_STREAM, launch, start, dur)
    for name, arrivals, ends in colls:
        rk.kernel(name, COMM_STREAM, arrivals[r] - 5000, arrivals[r], ends[r] - arrivals[r])


def write_rank(job):
    args, r, steps = job
    host = r * args.hosts // args.ranks
    offset_ns = int(round(host * args.host_offset_us * 1000))
    name = ("worker%d.pt.trace.json" if args.names == "worker" else "rank-%d.json") % r
    if args.gzip:
        name += ".gz"
    path = os.path.join(args.out, name)
    with open(path, "wb") as raw:
        # No file name and mtime 0 in the gzip header: the same options give the same bytes.
        out = gzip.GzipFile(filename="", mode="wb", fileobj=raw, mtime=0) if args.gzip else raw
        out.write(
            ('{\n  "schemaVersion": 1,\n  "distributedInfo": {"backend": "nccl", "rank": %d, "world_size": %d},\n'
             '  "traceEvents": [\n  ' % (r, args.ranks)).encode()
        )
        rk = Rank(r, offset_ns, out)
        for m in [
            '{"ph": "M", "name": "process_name", "pid": %d, "tid": 0, "args": {"name": "python"}}' % rk.pid,
            '{"ph": "M", "name": "thread_name", "pid": %d, "tid": %d, "args": {"name": "thread %d (python)"}}'
            % (rk.pid, rk.pid, rk.pid),
            '{"ph": "M", "name": "process_name", "pid": %d, "tid": 0, "args": {"name": "python"}}' % r,
            '{"ph": "M", "name": "process_labels", "pid": %d, "tid": 0, "args": {"labels": "GPU %d"}}' % (r, r),
            '{"ph": "M", "name": "thread_name", "pid": %d, "tid": %d, "args": {"name": "stream %d"}}'
            % (r, COMPUTE_STREAM, COMPUTE_STREAM),
            '{"ph": "M", "name": "thread_name", "pid": %d, "tid": %d, "args": {"name": "stream %d"}}'
            % (r, COMM_STREAM, COMM_STREAM),
        ]:
            rk.emit(m)
        write_events(args, rk, steps)
        rk.flush()
        out.write(('\n  ],\n  "traceName": "%s"\n}\n' % name).encode())
        if args.gzip:
            out.close()
    return path


def spec(fields, rank=True):
    """An argparse type for RANK:COUNT:VALUE (fields 3) or RANK:VALUE (2); RANK an int or "all"."""

    def parse(text):
        parts = text.split(":")
        if len(parts) != fields:
            raise argparse.ArgumentTypeError("want %d fields separated by ':': %s" % (fields, text))
        try:
            first = parts[0] if rank and parts[0] == "all" else int(parts[0])
            rest = [int(x) for x in parts[1:-1]] + [float(parts[-1])]
        except ValueError:
            raise argparse.ArgumentTypeError("not numbers: %s" % text)
        if any(x < 0 for x in rest) or (first != "all" and first < 0):
            raise argparse.ArgumentTypeError("negative: %s" % text)
        last = rest[-1]
        rest[-1] = int(last) if last == int(last) else last
        return tuple([first] + rest)

    return parse


def main():
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("out", help="folder to write the ranks' files into (created)")
    p.add_argument("--ranks", type=int, default=8)
    p.add_argument("--events", type=int, default=20000, help="about this many events per rank")
    p.add_argument("--steps", type=int, default=4)
    p.add_argument("--collectives", type=int, default=4, help="collectives per step")
    p.add_argument("--straggler", type=int, default=-1, help="the rank that arrives late (-1: none)")
    p.add_argument("--straggler-us", type=float, default=50.0, help="how late it arrives")
    p.add_argument("--jitter-us", type=float, default=10.0, help="arrival jitter of every rank")
    p.add_argument("--hosts", type=int, default=1)
    p.add_argument("--host-offset-us", type=float, default=0.0, help="host h's clock reads h times this later")
    p.add_argument("--kernel-ns", type=int, default=20000, help="compute kernel duration")
    p.add_argument("--first-step", type=int, default=10, help="number of the first ProfilerStep")
    p.add_argument("--names", choices=["worker", "rank"], default="rank")
    p.add_argument("--gzip", action="store_true")
    p.add_argument("--seed", type=int, default=33)
    p.add_argument("--jobs", type=int, default=1, help="write this many ranks at once (the bytes do not change)")
    # Planted causes for the findings rules; RANK is a rank or "all"; each per step of the rank.
    p.add_argument("--idle-gaps", type=spec(3), action="append", default=[], metavar="RANK:COUNT:US",
                   help="COUNT host stalls of US µs per step: the device idles (device-idle)")
    p.add_argument("--sync", type=spec(3), action="append", default=[], metavar="RANK:COUNT:US",
                   help="COUNT cudaStreamSynchronize calls of US µs per step (sync-stall)")
    p.add_argument("--dataloader", type=spec(2), action="append", default=[], metavar="RANK:US",
                   help="a data-loader span of US µs opening each step (dataloader-wait)")
    p.add_argument("--pageable", type=spec(3), action="append", default=[], metavar="RANK:COUNT:BYTES",
                   help="COUNT copies of BYTES from pageable memory per step (pageable-memcpy)")
    p.add_argument("--small-copies", type=spec(3), action="append", default=[], metavar="RANK:COUNT:BYTES",
                   help="COUNT copies of BYTES from pinned memory per step (small-transfers, under 64 KiB)")
    p.add_argument("--slow-step", type=spec(2, rank=False), action="append", default=[], metavar="STEP:US",
                   help="step STEP (0-based) of every rank runs US µs of more compute kernels (step-variance)")
    args = p.parse_args()
    args.slow_steps = {}
    for step, us in args.slow_step:
        args.slow_steps[step] = args.slow_steps.get(step, 0) + int(us * 1000)
    os.makedirs(args.out, exist_ok=True)
    steps = plan(args)
    jobs = [(args, r, steps) for r in range(args.ranks)]
    if args.jobs > 1:
        with multiprocessing.Pool(args.jobs) as pool:
            for _ in pool.imap_unordered(write_rank, jobs):
                pass
    else:
        for job in jobs:
            write_rank(job)


if __name__ == "__main__":
    main()
