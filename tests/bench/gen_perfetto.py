#!/usr/bin/env python3
"""Deterministic synthetic training-step profile as a Perfetto protobuf trace (.pftrace).

Standard library only: the protobuf wire format is written by hand. The layout is what the
Perfetto SDK (and json2perfetto) writes: one trusted packet sequence per writer thread,
each opening with SEQ_INCREMENTAL_STATE_CLEARED and its track descriptors, TrackEvents
with interned names, categories and debug annotation names/values, the interned data
carried on the packet that first uses an iid, sequences' packets interleaved in chunks.

    python3 gen_perfetto.py -n 1000000 -o /tmp/me/p1m.pftrace
    python3 gen_perfetto.py -n 2000 -o tests/data/perfetto_bench_2k.pftrace

Shape (one host process, two devices with two streams each, the same model as
gen_trace.py's Chrome JSON trace):

* host process (pid 23817, "python3 train.py"), one sequence per thread:
    MainThread     ProfilerStep#N > nn.Module: Bottleneck > aten::conv2d > aten::convolution
                   (slices 2-4 deep), an instant per step
    pt_autograd_0  autograd::engine::evaluate_function > *Backward0 > aten::mm (3 deep)
    nrt_runtime    nrt_execute > nrt_submit (2 deep); nrt_submit starts a flow
    dataloader_0   DataLoader::next > collate (2 deep)
* device processes (pid 1, 2, "Device d") with stream tracks "Stream 7", "Stream 13" as
  children, one sequence per device: kernel slices (1-2 deep); the first kernel of a
  launch terminates the nrt_submit's flow
* counter tracks: "HBM used (MB)" per device (integer values) and "Engine utilization"
  (double values), on the device sequences
* debug annotations: 2-4 per slice begin, ints and strings (inline and interned).

`-n` is the number of TrackEvent packets written (begin, end, instant and counter each
count one); every slice that begins also ends. Printed on stderr: the counts written.
"""
import argparse
import random
import struct
import sys

HOST_PID = 23817
DEVICES = 2
STREAMS = (7, 13)

# TracePacket fields
P_TIMESTAMP, P_SEQ_ID, P_TRACK_EVENT, P_INTERNED, P_FLAGS = 8, 10, 11, 12, 13
P_TRACK_DESCRIPTOR, P_FIRST_ON_SEQ = 60, 87
SEQ_CLEARED, SEQ_NEEDS = 1, 2
# TrackEvent fields
E_CATEGORY_IIDS, E_ANNOTATIONS, E_TYPE, E_NAME_IID, E_TRACK = 3, 4, 9, 10, 11
E_COUNTER, E_DOUBLE_COUNTER, E_FLOW_IDS, E_TERMINATING_FLOW_IDS = 30, 44, 47, 48
BEGIN, END, INSTANT, COUNTER = 1, 2, 3, 4
# InternedData fields
I_CATEGORIES, I_NAMES, I_ANNOTATION_NAMES, I_STRING_VALUES = 1, 2, 3, 29


def varint(v):
    out = bytearray()
    while True:
        b = v & 0x7F
        v >>= 7
        if v:
            out.append(b | 0x80)
        else:
            out.append(b)
            return bytes(out)


def key(field, wire):
    return varint((field << 3) | wire)


def f_varint(field, v):
    return key(field, 0) + varint(v & 0xFFFFFFFFFFFFFFFF)


def f_bytes(field, payload):
    if isinstance(payload, str):
        payload = payload.encode()
    return key(field, 2) + varint(len(payload)) + payload


def f_fixed64(field, v):
    return key(field, 1) + struct.pack("<Q", v)


def f_double(field, v):
    return key(field, 1) + struct.pack("<d", v)


class Sequence:
    """One trusted packet sequence: its interning tables and its pending packets."""

    def __init__(self, seq_id):
        self.id = seq_id
        self.iids = {}  # (table, text) -> iid
        self.next_iid = {}
        self.packets = []
        self.first = True
        self.pending = {}  # table -> [(iid, text)] to attach to the next packet

    def iid(self, table, text):
        k = (table, text)
        got = self.iids.get(k)
        if got is None:
            got = self.next_iid.get(table, 1)
            self.next_iid[table] = got + 1
            self.iids[k] = got
            self.pending.setdefault(table, []).append((got, text))
        return got

    def packet(self, ts, body):
        """Appends a packet with `body` (encoded payload fields) at time ts."""
        out = bytearray(f_varint(P_TIMESTAMP, ts))
        out += f_varint(P_SEQ_ID, self.id)
        out += body
        if self.pending:
            interned = bytearray()
            for table in sorted(self.pending):
                for iid, text in self.pending[table]:
                    interned += f_bytes(table, f_varint(1, iid) + f_bytes(2, text))
            self.pending = {}
            out += f_bytes(P_INTERNED, bytes(interned))
        if self.first:
            out += f_varint(P_FLAGS, SEQ_CLEARED)
            out += f_varint(P_FIRST_ON_SEQ, 1)
            self.first = False
        else:
            out += f_varint(P_FLAGS, SEQ_NEEDS)
        self.packets.append(bytes(out))


class Writer:
    def __init__(self, n, seed):
        self.rng = random.Random(seed)
        self.budget = n
        self.counts = {"begin": 0, "end": 0, "instant": 0, "counter": 0, "flows": 0, "descriptors": 0}
        self.flow = 1

    def descriptor(self, seq, ts, uuid, name=None, parent=None, process=None, thread=None, counter=False):
        d = bytearray(f_varint(1, uuid))
        if name:
            d += f_bytes(2, name)
        if process:
            d += f_bytes(3, f_varint(1, process[0]) + f_bytes(6, process[1]))
        if thread:
            d += f_bytes(4, f_varint(1, thread[0]) + f_varint(2, thread[1]) + f_bytes(5, thread[2]))
        if parent:
            d += f_varint(5, parent)
        if counter:
            d += f_bytes(8, b"")
        # Descriptors go out without interned data or incremental-state flags of their own
        # unless they open the sequence.
        out = bytearray(f_varint(P_TIMESTAMP, ts) + f_varint(P_SEQ_ID, seq.id))
        out += f_bytes(P_TRACK_DESCRIPTOR, bytes(d))
        if seq.first:
            out += f_varint(P_FLAGS, SEQ_CLEARED) + f_varint(P_FIRST_ON_SEQ, 1)
            seq.first = False
        seq.packets.append(bytes(out))
        self.counts["descriptors"] += 1

    def event(self, seq, ts, kind, track, name=None, cat=None, args=(), flows=(), terminating=(), value=None):
        body = bytearray()
        if cat is not None:
            body += f_varint(E_CATEGORY_IIDS, seq.iid(I_CATEGORIES, cat))
        for arg_name, v in args:
            a = bytearray(f_varint(1, seq.iid(I_ANNOTATION_NAMES, arg_name)))
            if isinstance(v, int):
                a += f_varint(4, v)
            elif v.startswith("#"):  # interned string value
                a += f_varint(17, seq.iid(I_STRING_VALUES, v[1:]))
            else:
                a += f_bytes(6, v)
            body += f_bytes(E_ANNOTATIONS, bytes(a))
        body += f_varint(E_TYPE, kind)
        if name is not None:
            body += f_varint(E_NAME_IID, seq.iid(I_NAMES, name))
        body += f_varint(E_TRACK, track)
        if isinstance(value, int):
            body += f_varint(E_COUNTER, value)
        elif isinstance(value, float):
            body += f_double(E_DOUBLE_COUNTER, value)
        for fl in flows:
            body += f_fixed64(E_FLOW_IDS, fl)
        for fl in terminating:
            body += f_fixed64(E_TERMINATING_FLOW_IDS, fl)
        seq.packet(ts, f_bytes(P_TRACK_EVENT, bytes(body)))
        self.budget -= 1
        self.counts[{BEGIN: "begin", END: "end", INSTANT: "instant", COUNTER: "counter"}[kind]] += 1

    def slices(self, seq, track, t, levels, cat, args_of):
        """Writes a tree of slices: levels is [(name, children, dur_ns)] at the top; returns
        the end time. Each node is (name, dur, [children])."""
        for name, dur, children in levels:
            if self.budget < 2 * count_nodes([(name, dur, children)]):
                return t
            self.event(seq, t, BEGIN, track, name, cat, args_of(name))
            inner = t + dur // 10
            for child in children:
                inner = self.slices(seq, track, inner, [child], cat, args_of) + dur // 20
            t = max(t + dur, inner + 1)
            self.event(seq, t, END, track)
            t += self.rng.randint(200, 2000)
        return t


def count_nodes(levels):
    return sum(1 + count_nodes(children) for _, _, children in levels)


def interleave(seqs, chunk):
    """The sequences' packets in chunks, round robin (as the service writes SDK chunks)."""
    pos = [0] * len(seqs)
    while True:
        done = True
        for i, s in enumerate(seqs):
            if pos[i] < len(s.packets):
                done = False
                for p in s.packets[pos[i]:pos[i] + chunk]:
                    yield p
                pos[i] += chunk
        if done:
            return


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("-n", type=int, default=1000000, help="TrackEvent packets to write")
    ap.add_argument("-o", required=True, help="output .pftrace")
    ap.add_argument("--seed", type=int, default=35)
    opt = ap.parse_args()
    w = Writer(opt.n, opt.seed)
    rng = w.rng

    host = 1000
    threads = [(23817, "MainThread"), (23901, "pt_autograd_0"), (23902, "nrt_runtime"), (23903, "dataloader_0")]
    seqs = [Sequence(i + 1) for i in range(len(threads) + DEVICES)]
    t0 = 1_000_000_000
    w.descriptor(seqs[0], t0, host, process=(HOST_PID, "python3 train.py"))
    for i, (tid, name) in enumerate(threads):
        w.descriptor(seqs[i], t0, host + 1 + i, parent=host, thread=(HOST_PID, tid, name))
    dev_seqs = seqs[len(threads):]
    for d, s in enumerate(dev_seqs):
        dev = 2000 + 100 * d
        w.descriptor(s, t0, dev, process=(d + 1, "Device %d" % d))
        for k, stream in enumerate(STREAMS):
            w.descriptor(s, t0, dev + 1 + k, name="Stream %d" % stream, parent=dev)
        w.descriptor(s, t0, dev + 10, name="HBM used (MB)", parent=dev, counter=True)
        w.descriptor(s, t0, dev + 11, name="Engine utilization", parent=dev, counter=True)

    main_seq, grad_seq, nrt_seq, dl_seq = seqs[:4]
    layers = ["layer%d.%d" % (a, b) for a in range(1, 5) for b in range(3)]
    step = 0
    t = t0 + 1_000_000
    while w.budget > 0:
        before = w.budget
        layer = layers[step % len(layers)]

        def host_args(name):
            return [("layer", layer), ("bytes", rng.randint(1 << 10, 1 << 24)), ("op", "#" + name)]

        # MainThread: a step with 3 modules of 2 ops each, 4 deep.
        mods = []
        for m in range(3):
            ops = [("aten::conv2d", 40_000, [("aten::convolution", 30_000, [])]),
                   ("aten::batch_norm", 20_000, [])]
            mods.append(("nn.Module: Bottleneck", 150_000, ops))
        end = w.slices(main_seq, host + 1, t, [("ProfilerStep#%d" % step, 600_000, mods)], "cpu_op", host_args)
        if w.budget > 0:
            w.event(main_seq, end, INSTANT, host + 1, "optimizer.step", "user_annotation", [("step", step)])
        # autograd: 3 deep
        bw = [("autograd::engine::evaluate_function", 90_000,
               [("ConvolutionBackward0", 70_000, [("aten::mm", 30_000, [])])]) for _ in range(2)]
        w.slices(grad_seq, host + 2, t + 50_000, bw, "cpu_op", host_args)
        # nrt_runtime: executes that launch kernels on the devices, linked by flows.
        tn = t + 20_000
        launches = []
        for d in range(DEVICES):
            if w.budget < 4:
                break
            fl = w.flow
            w.flow += 1
            w.event(nrt_seq, tn, BEGIN, host + 3, "nrt_execute", "runtime",
                    [("device", d), ("model", "resnet50"), ("nc", rng.randint(0, 7))])
            w.event(nrt_seq, tn + 2_000, BEGIN, host + 3, "nrt_submit", "runtime", [("queue", d)], flows=[fl])
            w.event(nrt_seq, tn + 9_000, END, host + 3)
            w.event(nrt_seq, tn + 15_000, END, host + 3)
            launches.append((d, fl, tn + 12_000))
            tn += 20_000
        # dataloader: 2 deep
        w.slices(dl_seq, host + 4, t + 10_000, [("DataLoader::next", 60_000, [("collate", 20_000, [])])],
                 "dataloader", lambda name: [("batch", step), ("worker", "#worker_%d" % (step % 4))])
        # devices: kernels per stream (the first one ends the launch's flow), counters.
        for d, fl, tk in launches:
            s = dev_seqs[d]
            dev = 2000 + 100 * d
            for k in range(len(STREAMS)):
                for j in range(4):
                    if w.budget < 4:
                        break
                    name = "%d_fused(%s+%s.bn%d)_%d" % (d, layer, layer, j, k)
                    term = [fl] if k == 0 and j == 0 else []
                    w.event(s, tk, BEGIN, dev + 1 + k, name, "kernel",
                            [("hlo", "#" + name), ("flops", rng.randint(1, 1 << 30))], terminating=term)
                    w.counts["flows"] += len(term)
                    w.event(s, tk + 500, BEGIN, dev + 1 + k, "dma_in", "kernel", [("bytes", rng.randint(1, 1 << 20))])
                    w.event(s, tk + 3_000, END, dev + 1 + k)
                    w.event(s, tk + rng.randint(8_000, 20_000), END, dev + 1 + k)
                    tk += 25_000
            if w.budget >= 2:
                w.event(s, tk, COUNTER, dev + 10, value=rng.randint(1000, 16000))
                w.event(s, tk, COUNTER, dev + 11, value=round(rng.random(), 4))
        while w.budget > 0 and w.budget == before:  # nothing fits any more: fill with instants
            w.event(main_seq, t, INSTANT, host + 1, "tail", "cpu_op")
        # Whatever fits no pair any more goes out as instants.
        if 0 < w.budget < 4:
            while w.budget > 0:
                w.event(main_seq, t + 700_000, INSTANT, host + 1, "tail", "cpu_op")
        t += 1_000_000
        step += 1

    with open(opt.o, "wb") as f:
        for p in interleave(seqs, 64):
            f.write(f_bytes(1, p))
    c = w.counts
    print("track_events %d (begin %d, end %d, instant %d, counter %d), flows %d, track_descriptors %d, steps %d"
          % (c["begin"] + c["end"] + c["instant"] + c["counter"], c["begin"], c["end"], c["instant"], c["counter"],
             c["flows"], c["descriptors"], step), file=sys.stderr)


if __name__ == "__main__":
    main()
