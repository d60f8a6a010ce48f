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

Deterministic: the same options give the same bytes. No dependencies beyond Python 3.

    python3 tests/bench/gen_job.py OUT_DIR --ranks 8 --events 20000 --steps 4 \
        --straggler 5 --hosts 2 --host-offset-us 1500.25 [--names worker|rank] [--gzip] [--jobs 2]
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
    compute_per_step = kernels_per_step - args.collectives
    step_ns = compute_per_step * args.kernel_ns + 200000
    steps = []
    # A stream runs one kernel at a time: no rank's next collective on the NCCL stream starts
    # before its previous one ended there.
    comm_free = [0] * args.ranks
    for k in range(args.steps):
        step_start = k * (step_ns + 100000)
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
    return steps


def write_events(args, rk, steps):
    rng = random.Random(args.seed * 1000003 + rk.rank)
    r = rk.rank
    for k, (step_start, step_ns, compute_n, colls) in enumerate(steps):
        s0 = step_start + rng.randrange(0, 500)
        rk.x("user_annotation", "ProfilerStep#%d" % (args.first_step + k), rk.pid, rk.pid, s0, step_ns, '"External id": 0')
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
    args = p.parse_args()
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
