#!/usr/bin/env python3
"""Generate Strata's bundled sample profile: resources/samples/sample_profile.json.

    python3 resources/samples/make_sample.py            # rewrite the sample
    python3 resources/samples/make_sample.py --check    # also validate it

Standard library only and deterministic: a fixed seed, integer-nanosecond
arithmetic and a fixed key order, so every run writes the same bytes.

What it models: five profiled inference steps (ProfilerStep#2..#6) of StrataNet
(model.py beside this file: a small ResNet with a self-attention block), batch
16, float16, on one Rebellions ATOM NPU (RBLN-CA12), seen through a PyTorch
profiler (host) plus the RBLN profiler (device) and written as one Chrome
Trace Event Format file (JSON object form, one event per line):

* host "python3 model.py": MainThread (X: ProfilerStep#N > nn.Module: StrataNet
  > nn.Module: Sequential > nn.Module: ResNetBlock > aten::conv2d >
  aten::convolution > aten::_convolution), rbln_runtime (B/E: rbln_run >
  rbln_tensor_write / rbln_submit / rbln_wait / rbln_tensor_read), dataloader;
* device "NPU 0 (RBLN-CA12)": Neural Engine Clusters, Neural DMA, Task DMA,
  External HDMA, Device Sync, with RBLN command names
  `{sequence_index}_{layer_name}_{command_index}` (fused layers as
  `fused(a+b+c)`, members sorted), `--names v0.12` adds the `W{workload}_` part;
* flows: host submit -> External HDMA -> Task DMA -> Neural Engine, weight and
  activation loads -> compute, compute -> spill store, output -> host, as flow
  v1 (s / f with bp:"e") and flow v2 (bind_id + flow_out / flow_in);
* counters: engine utilisation %, HFU %, device memory, host CPU %;
* instants of thread, process and global scope; a nestable async pair per step.

Every "source" arg is "model.py:LINE", found by searching model.py for the code
that produced the event, so the sample stays right when model.py is edited.
"""
import argparse
import json
import os
import random
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
MODEL_PY = os.path.join(HERE, "model.py")
OUT_JSON = os.path.join(HERE, "sample_profile.json")
SEED = 0x5A7A

HOST_PID, NPU_PID = 4242, 1
T_MAIN, T_RT, T_DL = 4242, 4259, 4267
HOST_THREADS = [(T_MAIN, "MainThread"), (T_RT, "rbln_runtime"), (T_DL, "dataloader")]
E_NEC, E_NDMA, E_TDMA, E_HDMA, E_SYNC = 1, 2, 3, 4, 5
ENGINES = {E_NEC: "Neural Engine Clusters", E_NDMA: "Neural DMA", E_TDMA: "Task DMA",
           E_HDMA: "External HDMA", E_SYNC: "Device Sync"}

BATCH, F16 = 16, 2
HOST_SLOW = 1.6                      # eager dispatch cost under the profiler (x self times)
STEPS = range(2, 7)                  # schedule(wait=1, warmup=1, active=5) -> ProfilerStep#2..#6
PEAK_FLOP_PER_NS = 32_000            # 32 TFLOPS fp16
BW = {"hdma": 26.0, "tdma": 180.0, "ndma": 400.0, "shm": 1200.0}  # bytes per ns
DRAM_BASE = 512 << 20                # runtime reservation + compiled program

# Where each kind of event comes from in model.py: key -> text that must occur on exactly one line.
ANCHORS = {
    "step": "for step, (images, labels) in enumerate(Prefetcher(",
    "get": "while (batch := self.q.get())",
    "to_dev": "images = images.to(device",
    "model": "logits = model(images)",
    "readback": "pred = logits.argmax(dim=1).cpu()",
    "metric": "correct += (pred == labels).sum().item()",
    "save": "torch.save({\"step\": step",
    "stem": "x = self.relu(self.bn1(self.conv1(x)))",
    "maxpool": "x = self.maxpool(x)",
    "layer1": "x = self.layer1(x)",
    "layer2": "x = self.layer2(x)",
    "layer3": "x = self.layer3(x)",
    "blk_conv1": "out = self.conv1(x)",
    "blk_bn1": "out = self.bn1(out)",
    "blk_relu1": "out = self.relu1(out)",
    "blk_conv2": "out = self.conv2(out)",
    "blk_bn2": "out = self.bn2(out)",
    "blk_ds": "identity = self.downsample(x)",
    "blk_add": "out = out + identity",
    "blk_relu2": "return self.relu2(out)",
    "attn_call": "t = self.attn(x.flatten(2)",
    "attn_norm1": "h = self.norm1(x)",
    "attn_qkv": "qkv = self.qkv(h)",
    "attn_split": "q, k, v = qkv.permute(",
    "attn_qk": "attn = torch.matmul(q, k.transpose",
    "attn_softmax": "attn = self.softmax(attn)",
    "attn_av": "h = torch.matmul(attn, v)",
    "attn_proj": "x = x + self.proj(h)",
    "attn_mlp": "x = x + self.mlp(self.norm2(x))",
    "unflatten": "x = t.transpose(1, 2).reshape(",
    "avgpool": "x = torch.flatten(self.avgpool(x), 1)",
    "fc": "return self.fc(x)",
    "dl_next": "for batch in loader:",
    "dl_item": "image = torch.randn(3, 224, 224",
    "dl_collate": "return DataLoader(SyntheticImages()",
}


def find_sources():
    with open(MODEL_PY, encoding="utf-8") as f:
        lines = f.read().split("\n")
    src = {}
    for key, text in ANCHORS.items():
        hits = [i + 1 for i, line in enumerate(lines) if text in line]
        if len(hits) != 1:
            sys.exit(f"make_sample: anchor {key!r} ({text!r}) matches {len(hits)} lines of model.py")
        src[key] = f"model.py:{hits[0]}"
    return src


def us(ns):
    """Integer nanoseconds -> microseconds with exactly 3 decimals (JSON number text)."""
    return f"{ns // 1000}.{ns % 1000:03d}"


KEY_ORDER = ["name", "cat", "ph", "ts", "dur", "pid", "tid", "s", "id", "bind_id",
             "flow_in", "flow_out", "bp", "args"]


def dump(ev):
    parts = []
    for k in sorted(ev, key=KEY_ORDER.index):
        v = ev[k]
        text = us(v) if k in ("ts", "dur") else json.dumps(v, separators=(",", ":"))
        parts.append(f'"{k}":{text}')
    return "{" + ",".join(parts) + "}"


# ----------------------------------------------------------------------------- compiled graph

def conv_flops(cin, cout, k, hw):
    return 2 * BATCH * cout * hw * hw * cin * k * k


def build_graph():
    """The compiled graph's operators, in execution order (one dict per fused operator)."""
    g = []

    def op(name, layer, opcode, fused, src, flops, w, act_in, act_out, eff=0.5, tiles=None, mem=False):
        if tiles is None:
            tiles = 1 if mem else min(3, max(1, round(flops / 0.9e9)))
        g.append(dict(name=name, layer=layer, opcode=opcode, fused=fused, src=src, flops=flops,
                      w=w, act_in=act_in, act_out=act_out, eff=eff, tiles=tiles, mem=mem,
                      spill=False, reload=0))

    img = BATCH * 3 * 224 * 224 * F16
    op("fused(bn1+conv1+relu)", "conv1", "conv2d", "conv2d+batch_norm+relu", "stem",
       conv_flops(3, 64, 7, 112), (64 * 3 * 49 + 64) * F16, img, BATCH * 64 * 112 * 112 * F16,
       eff=0.30, tiles=4)
    op("maxpool", "maxpool", "max_pool2d", "", "maxpool", BATCH * 64 * 56 * 56 * 9, 0,
       BATCH * 64 * 112 * 112 * F16, BATCH * 64 * 56 * 56 * F16, mem=True)
    eff_at = {56: 0.62, 28: 0.57, 14: 0.47}
    blocks = [("layer1.0", 64, 64, 1, 56), ("layer1.1", 64, 64, 1, 56), ("layer1.2", 64, 64, 1, 56),
              ("layer2.0", 64, 128, 2, 56), ("layer2.1", 128, 128, 1, 28),
              ("layer3.0", 128, 256, 2, 28), ("layer3.1", 256, 256, 1, 14)]
    for i, (L, cin, cout, s, hin) in enumerate(blocks):
        hw = hin // s
        a_in, a_out = BATCH * cin * hin * hin * F16, BATCH * cout * hw * hw * F16
        op(f"fused({L}.bn1+{L}.conv1+{L}.relu1)", f"{L}.conv1", "conv2d", "conv2d+batch_norm+relu",
           "blk_conv1", conv_flops(cin, cout, 3, hw), (cout * cin * 9 + cout) * F16, a_in, a_out,
           eff=eff_at[hw])
        if s != 1 or cin != cout:
            # the block input was spilled to device DRAM by the previous block; reload it here
            g[-2]["spill"] = True
            op(f"fused({L}.downsample.0+{L}.downsample.1)", f"{L}.downsample.0", "conv2d",
               "conv2d+batch_norm", "blk_ds", conv_flops(cin, cout, 1, hw), (cout * cin + cout) * F16,
               a_in, a_out, eff=0.35)
            g[-1]["reload"] = a_in
        op(f"fused({L}+{L}.bn2+{L}.conv2+{L}.relu2)", f"{L}.conv2", "conv2d",
           "conv2d+batch_norm+add+relu", "blk_conv2", conv_flops(cout, cout, 3, hw),
           (cout * cout * 9 + cout) * F16, a_out, a_out, eff=eff_at[hw])
    N, C, H = 196, 256, 4
    tok = BATCH * N * C * F16
    scores = BATCH * H * N * N * F16
    mm = 2 * BATCH * H * N * N * (C // H)
    op("attn.norm1", "attn.norm1", "layer_norm", "", "attn_norm1", 8 * BATCH * N * C, 2 * C * F16,
       tok, tok, mem=True)
    op("attn.qkv", "attn.qkv", "linear", "", "attn_qkv", 2 * BATCH * N * C * 3 * C,
       (3 * C * C + 3 * C) * F16, tok, 3 * tok, eff=0.50)
    op("attn", "attn", "matmul", "", "attn_qk", mm, 0, 2 * tok, scores, eff=0.33)
    op("fused(attn+attn.softmax)", "attn.softmax", "softmax", "mul+softmax", "attn_softmax",
       5 * BATCH * H * N * N, 0, scores, scores, mem=True)
    op("attn", "attn", "matmul", "", "attn_av", mm, 0, scores + tok, tok, eff=0.33)
    op("fused(attn+attn.proj)", "attn.proj", "linear", "linear+add", "attn_proj",
       2 * BATCH * N * C * C, (C * C + C) * F16, tok, tok, eff=0.45)
    op("attn.norm2", "attn.norm2", "layer_norm", "", "attn_mlp", 8 * BATCH * N * C, 2 * C * F16,
       tok, tok, mem=True)
    op("fused(attn.mlp.0+attn.mlp.1)", "attn.mlp.0", "linear", "linear+gelu", "attn_mlp",
       2 * BATCH * N * C * 4 * C, (4 * C * C + 4 * C) * F16, tok, 4 * tok, eff=0.52)
    op("fused(attn+attn.mlp.2)", "attn.mlp.2", "linear", "linear+add", "attn_mlp",
       2 * BATCH * N * 4 * C * C, (4 * C * C + C) * F16, 4 * tok, tok, eff=0.52)
    op("avgpool", "avgpool", "adaptive_avg_pool2d", "", "avgpool", BATCH * N * C, 0, tok,
       BATCH * C * F16, mem=True)
    op("fc", "fc", "linear", "", "fc", 2 * BATCH * C * 1000, (C * 1000 + 1000) * F16,
       BATCH * C * F16, BATCH * 1000 * F16, eff=0.08)

    # command indices, in compile order; hlo-like operator names
    hlo_kind = {"conv2d": "convolution", "linear": "dot", "matmul": "dot", "max_pool2d": "reduce-window",
                "adaptive_avg_pool2d": "reduce", "layer_norm": "custom-call", "softmax": "fusion"}
    idx = 0
    for n, o in enumerate(g):
        kind = "fusion" if o["name"].startswith("fused(") else hlo_kind[o["opcode"]]
        o["hlo"] = f"{kind}.{11 + 3 * n}"
        cmds = {}
        if n == 0:
            cmds["h2d"], cmds["barrier"], cmds["in_load"] = idx, idx + 1, idx + 2
            idx += 3
        if o["w"]:
            cmds["w_load"] = idx
            idx += 1
        if o["reload"]:
            cmds["reload"] = idx
            idx += 1
        cmds["tiles"] = []
        for _ in range(o["tiles"]):
            cmds["tiles"].append((idx, idx + 1))  # (neural dma, neural engine)
            idx += 2
        if o["spill"]:
            cmds["spill"] = idx
            idx += 1
        if n == len(g) - 1:
            cmds["out_store"], cmds["d2h"], cmds["sync"] = idx, idx + 1, idx + 2
            idx += 3
        o["cmd"] = cmds
    return g


# ----------------------------------------------------------------------------- generator

class Gen:
    def __init__(self, names):
        self.rng = random.Random(SEED)
        self.names = names
        self.src = find_sources()
        self.graph = build_graph()
        self.weights = sum(o["w"] for o in self.graph)
        self.events = []       # (ts, order, event)
        self.busy = {e: [] for e in ENGINES}
        self.tile_flops = []   # (start, end, flops)
        self.mem = []          # (ts, order, kind, amount)
        self.cpu_busy = {tid: [] for tid, _ in HOST_THREADS}   # (start, end) of host work that burns CPU
        self.ext_id = 100
        self.v1 = 0x100
        self.v2 = 0x8000
        self.prefer_v2 = False

    # -- random helpers (only rng.random(), stable across Python versions)
    def u(self, a, b):
        return a + (b - a) * self.rng.random()

    def ns(self, lo_us, hi_us):
        return int(round(self.u(lo_us, hi_us) * 1000))

    def jit(self, x, pct):
        return int(round(x * (1.0 + pct * (2.0 * self.rng.random() - 1.0))))

    def add(self, ev):
        self.events.append((ev["ts"], len(self.events), ev))
        return ev

    # -- host events
    def hx(self, tid, name, cat, ts, dur, args):
        return self.add({"name": name, "cat": cat, "ph": "X", "ts": ts, "dur": dur,
                         "pid": HOST_PID, "tid": tid, "args": args})

    def op_args(self, src_key, layer=None, dims=None, flops=None, ext=True, dtype="c10::Half"):
        a = {}
        if ext:
            self.ext_id += 1
            a["External id"] = self.ext_id
        if dims is not None:
            a["Input Dims"] = dims
            a["Input type"] = [dtype if d else "" for d in dims]
        if flops:
            a["flops"] = flops
        if layer:
            a["layer"] = layer
        a["source"] = self.src[src_key]
        return a

    def tree(self, tid, t, spec):
        """Emit a nested host op: spec = (name, cat, self_us, args, children). Returns end time."""
        name, cat, self_us, args, children = spec
        ev = self.hx(tid, name, cat, t, 0, args)
        cur = t + self.ns(0.6, 2.0)
        for ch in children:
            cur = self.tree(tid, cur, ch) + self.ns(0.5, 2.5)
        cur += int(self.u(0.6, 1.4) * self_us * HOST_SLOW * 1000)
        ev["dur"] = cur - t
        return cur

    def aten(self, name, src, layer=None, dims=None, flops=None, self_us=4.0, inner=(), flat=False,
             dtype="c10::Half"):
        """aten op with its dispatcher chain (conv2d > convolution > _convolution), or flat children."""
        top = (name, "cpu_op", self_us, self.op_args(src, layer, dims, flops, dtype=dtype), [])
        node = top
        for nm in inner:
            kid = (nm, "cpu_op", self_us * 0.6, self.op_args(src, dims=dims, dtype=dtype), [])
            node[4].append(kid)
            if not flat:
                node = kid
        return top

    def block_ops(self, L, cin, cout, s, hin):
        hw = hin // s
        x = [BATCH, cin, hin, hin]
        y = [BATCH, cout, hw, hw]
        conv = ("aten::convolution", "aten::_convolution")
        bn = ("aten::_batch_norm_impl_index", "aten::native_batch_norm")
        ops = [
            self.aten("aten::conv2d", "blk_conv1", f"{L}.conv1", [x, [cout, cin, 3, 3], []],
                      conv_flops(cin, cout, 3, hw), 6.0, conv),
            self.aten("aten::batch_norm", "blk_bn1", f"{L}.bn1", [y, [cout], [cout]], None, 4.0, bn),
            self.aten("aten::relu_", "blk_relu1", f"{L}.relu1", [y], None, 2.5),
            self.aten("aten::conv2d", "blk_conv2", f"{L}.conv2", [y, [cout, cout, 3, 3], []],
                      conv_flops(cout, cout, 3, hw), 6.0, conv),
            self.aten("aten::batch_norm", "blk_bn2", f"{L}.bn2", [y, [cout], [cout]], None, 4.0, bn),
        ]
        if s != 1 or cin != cout:
            ops.append(("nn.Module: Sequential", "python_function", 2.0,
                        self.op_args("blk_ds", f"{L}.downsample", ext=False), [
                            self.aten("aten::conv2d", "blk_ds", f"{L}.downsample.0", [x, [cout, cin, 1, 1], []],
                                      conv_flops(cin, cout, 1, hw), 5.0, conv),
                            self.aten("aten::batch_norm", "blk_ds", f"{L}.downsample.1", [y, [cout], [cout]],
                                      None, 4.0, bn)]))
        ops.append(self.aten("aten::add", "blk_add", L, [y, y, []], BATCH * cout * hw * hw, 3.0))
        ops.append(self.aten("aten::relu_", "blk_relu2", f"{L}.relu2", [y], None, 2.5))
        return ("nn.Module: ResNetBlock", "python_function", 3.0,
                self.op_args(f"layer{L[5]}", L, ext=False), ops)

    def forward_spec(self):
        img = [BATCH, 3, 224, 224]
        conv = ("aten::convolution", "aten::_convolution")
        stem = [
            self.aten("aten::conv2d", "stem", "conv1", [img, [64, 3, 7, 7], []], conv_flops(3, 64, 7, 112), 7.0, conv),
            self.aten("aten::batch_norm", "stem", "bn1", [[BATCH, 64, 112, 112], [64], [64]], None, 4.0,
                      ("aten::_batch_norm_impl_index", "aten::native_batch_norm")),
            self.aten("aten::relu_", "stem", "relu", [[BATCH, 64, 112, 112]], None, 2.5),
            self.aten("aten::max_pool2d", "maxpool", "maxpool", [[BATCH, 64, 112, 112]], None, 4.0,
                      ("aten::max_pool2d_with_indices",)),
        ]
        layers = []
        cfg = {1: [("layer1.0", 64, 64, 1, 56), ("layer1.1", 64, 64, 1, 56), ("layer1.2", 64, 64, 1, 56)],
               2: [("layer2.0", 64, 128, 2, 56), ("layer2.1", 128, 128, 1, 28)],
               3: [("layer3.0", 128, 256, 2, 28), ("layer3.1", 256, 256, 1, 14)]}
        for li, blocks in cfg.items():
            layers.append(("nn.Module: Sequential", "python_function", 2.0,
                           self.op_args(f"layer{li}", f"layer{li}", ext=False),
                           [self.block_ops(*b) for b in blocks]))
        N, C = 196, 256
        tok = [BATCH, N, C]
        lin = ("aten::addmm",)
        attn = [
            self.aten("aten::layer_norm", "attn_norm1", "attn.norm1", [tok, [C], [C], [C]], None, 4.0,
                      ("aten::native_layer_norm",)),
            self.aten("aten::linear", "attn_qkv", "attn.qkv", [tok, [3 * C, C], [3 * C]],
                      2 * BATCH * N * C * 3 * C, 5.0, lin),
            self.aten("aten::reshape", "attn_qkv", "attn.qkv", [[BATCH, N, 3 * C], []], None, 1.5, ("aten::view",)),
            self.aten("aten::permute", "attn_split", "attn", [[BATCH, N, 3, 4, 64], []], None, 1.5),
            self.aten("aten::unbind", "attn_split", "attn", [[3, BATCH, 4, N, 64], []], None, 2.0, ("aten::select",)),
            self.aten("aten::transpose", "attn_qk", "attn", [[BATCH, 4, N, 64], [], []], None, 1.2),
            self.aten("aten::matmul", "attn_qk", "attn", [[BATCH, 4, N, 64], [BATCH, 4, 64, N]],
                      2 * BATCH * 4 * N * N * 64, 4.0, ("aten::bmm",)),
            self.aten("aten::mul", "attn_qk", "attn", [[BATCH, 4, N, N], []], BATCH * 4 * N * N, 2.0),
            self.aten("aten::softmax", "attn_softmax", "attn.softmax", [[BATCH, 4, N, N], [], []], None, 3.0,
                      ("aten::_softmax",)),
            self.aten("aten::matmul", "attn_av", "attn", [[BATCH, 4, N, N], [BATCH, 4, N, 64]],
                      2 * BATCH * 4 * N * N * 64, 4.0, ("aten::bmm",)),
            self.aten("aten::transpose", "attn_av", "attn", [[BATCH, 4, N, 64], [], []], None, 1.2),
            self.aten("aten::reshape", "attn_av", "attn", [[BATCH, N, 4, 64], []], None, 2.0, ("aten::clone",)),
            self.aten("aten::linear", "attn_proj", "attn.proj", [tok, [C, C], [C]], 2 * BATCH * N * C * C, 5.0, lin),
            self.aten("aten::add", "attn_proj", "attn", [tok, tok, []], BATCH * N * C, 2.5),
            self.aten("aten::layer_norm", "attn_mlp", "attn.norm2", [tok, [C], [C], [C]], None, 4.0,
                      ("aten::native_layer_norm",)),
            ("nn.Module: Sequential", "python_function", 2.0, self.op_args("attn_mlp", "attn.mlp", ext=False), [
                self.aten("aten::linear", "attn_mlp", "attn.mlp.0", [tok, [4 * C, C], [4 * C]],
                          2 * BATCH * N * C * 4 * C, 5.0, lin),
                self.aten("aten::gelu", "attn_mlp", "attn.mlp.1", [[BATCH, N, 4 * C], []], None, 2.5),
                self.aten("aten::linear", "attn_mlp", "attn.mlp.2", [[BATCH, N, 4 * C], [C, 4 * C], [C]],
                          2 * BATCH * N * 4 * C * C, 5.0, lin)]),
            self.aten("aten::add", "attn_mlp", "attn", [tok, tok, []], BATCH * N * C, 2.5),
        ]
        tail = [
            self.aten("aten::transpose", "unflatten", None, [tok, [], []], None, 1.2),
            self.aten("aten::reshape", "unflatten", None, [[BATCH, C, N], []], None, 2.0, ("aten::clone",)),
            self.aten("aten::adaptive_avg_pool2d", "avgpool", "avgpool", [[BATCH, C, 14, 14], []], None, 3.0,
                      ("aten::_adaptive_avg_pool2d",)),
            self.aten("aten::flatten", "avgpool", None, [[BATCH, C, 1, 1], [], []], None, 1.5, ("aten::view",)),
            self.aten("aten::linear", "fc", "fc", [[BATCH, C], [1000, C], [1000]], 2 * BATCH * C * 1000, 5.0,
                      ("aten::t", "aten::addmm"), flat=True),
        ]
        flat = [self.aten("aten::flatten", "attn_call", None, [[BATCH, C, 14, 14], [], []], None, 1.5,
                          ("aten::view",)),
                self.aten("aten::transpose", "attn_call", None, [[BATCH, C, N], [], []], None, 1.2)]
        return ("nn.Module: StrataNet", "python_function", 4.0, self.op_args("model", "", ext=False),
                stem + layers + flat +
                [("nn.Module: AttentionBlock", "python_function", 3.0,
                  self.op_args("attn_call", "attn", ext=False), attn)] + tail)

    # -- device events
    def cmd_name(self, op, idx, workload):
        if self.names == "v0.12":
            return f"0_W{workload}_{op['name']}_{idx}"
        return f"0_{op['name']}_{idx}"

    def dx(self, eng, op, idx, workload, ts, dur, opcode, nbytes, src=None, extra=None):
        args = {"opcode": opcode, "layer": op["layer"], "hlo_name": op["hlo"], "bytes": nbytes}
        if extra:
            args.update(extra)
        args["source"] = self.src[src or op["src"]]
        ev = self.add({"name": self.cmd_name(op, idx, workload), "cat": ENGINES[eng], "ph": "X",
                       "ts": ts, "dur": dur, "pid": NPU_PID, "tid": eng, "args": args})
        self.busy[eng].append((ts, ts + dur))
        return ev

    def flow(self, src, dst, cat="rbln.dep", name="dependency", v2_ok=True):
        """Link two slices. src/dst: X event dicts, or (pid, tid, start, end) for B/E slices."""
        use_v2 = (v2_ok and self.prefer_v2 and isinstance(src, dict) and isinstance(dst, dict)
                  and "bind_id" not in src and "bind_id" not in dst)
        if isinstance(src, dict) and isinstance(dst, dict):
            self.prefer_v2 = not self.prefer_v2
        if use_v2:
            self.v2 += 1
            src["bind_id"], src["flow_out"] = self.v2, True
            dst["bind_id"], dst["flow_in"] = self.v2, True
            return
        self.v1 += 1

        def span(e):
            return (e["pid"], e["tid"], e["ts"], e["ts"] + e["dur"]) if isinstance(e, dict) else e
        sp, st, _, s_end = span(src)
        dp, dt, d_start, _ = span(dst)
        self.add({"name": name, "cat": cat, "ph": "s", "ts": s_end - 1, "pid": sp, "tid": st, "id": self.v1})
        self.add({"name": name, "cat": cat, "ph": "f", "ts": d_start + 1, "pid": dp, "tid": dt,
                  "id": self.v1, "bp": "e"})

    def memory(self, ts, kind, amount):
        self.mem.append((ts, len(self.mem), kind, amount))

    def device_run(self, step, t0, submit):
        """One inference on the NPU starting at t0; returns (end of device work, d2h event)."""
        g = self.graph
        wl = step
        free = {e: t0 for e in ENGINES}
        starts = []          # compute start of each operator (bounds weight prefetch depth)
        spilled = {}         # operator index -> end of its spill store
        last_tile = None
        first_op = g[0]
        c = first_op["cmd"]
        # input: host DRAM -> device DRAM (External HDMA), barrier, device DRAM -> SHM (Task DMA)
        img = first_op["act_in"]
        h_dur = self.jit(img / BW["hdma"], 0.04) + 2500
        h2d = self.dx(E_HDMA, first_op, c["h2d"], wl, t0, h_dur, "h2d_copy", img, "to_dev",
                      {"queue": "hdma.h2d.0", "direction": "host_to_device"})
        self.flow(submit, h2d, cat="rbln.host", name="submit")
        self.memory(t0, "dram", img)
        free[E_HDMA] = t0 + h_dur
        bar = self.dx(E_SYNC, first_op, c["barrier"], wl, t0 + h_dur + 400, 1800 + self.ns(0, 0.6),
                      "sync_wait", 0, "to_dev", {"queue": "sync.0", "waits_on": "External HDMA"})
        self.flow(h2d, bar, v2_ok=False)
        free[E_SYNC] = bar["ts"] + bar["dur"]
        input_ready = bar["ts"] + bar["dur"] + 300
        for n, op in enumerate(g):
            c = op["cmd"]
            loads = []
            if "w_load" in c:   # weights first: they do not wait for the input
                st = free[E_TDMA]
                if n >= 2:
                    st = max(st, starts[n - 2])       # prefetch at most two operators ahead
                st += self.ns(0.3, 1.5)
                d = self.jit(op["w"] / BW["tdma"], 0.06) + 1100
                ev = self.dx(E_TDMA, op, c["w_load"], wl, st, d, "dma_load_weight", op["w"], None,
                             {"queue": f"tdma.q{n % 2}", "direction": "dram_to_shm"})
                free[E_TDMA] = st + d
                loads.append(ev)
                self.memory(st + d, "w+", op["w"])
            if "in_load" in c:
                st = max(free[E_TDMA], input_ready) + self.ns(0.2, 0.8)
                d = self.jit(img / BW["tdma"], 0.05) + 1200
                ev = self.dx(E_TDMA, op, c["in_load"], wl, st, d, "dma_load_act", img, "to_dev",
                             {"queue": "tdma.q0", "direction": "dram_to_shm"})
                free[E_TDMA] = st + d
                self.flow(h2d, ev)
                loads.append(ev)
            if "reload" in c:
                prev_end = max(spilled.values())
                st = max(free[E_TDMA], prev_end) + self.ns(0.3, 1.0)
                d = self.jit(op["reload"] / BW["tdma"], 0.05) + 1200
                ev = self.dx(E_TDMA, op, c["reload"], wl, st, d, "dma_load_act", op["reload"], None,
                             {"queue": "tdma.q1", "direction": "dram_to_shm", "reason": "reload spilled identity"})
                free[E_TDMA] = st + d
                loads.append(ev)
                self.memory(st + d, "dram", -op["reload"])
            ready = max([e["ts"] + e["dur"] for e in loads] + [input_ready if n == 0 else 0])
            # compute tiles, each fed by a Neural DMA command
            first_tile = None
            tflops = op["flops"] // op["tiles"]
            for k, (i_nd, i_ne) in enumerate(c["tiles"]):
                st = max(free[E_NEC] + self.ns(0.4, 2.0), ready + self.ns(0.5, 1.2))
                if op["mem"]:
                    d = self.jit((op["act_in"] + op["act_out"]) / BW["shm"], 0.06) + 1500
                else:
                    d = self.jit(tflops / (PEAK_FLOP_PER_NS * op["eff"]), 0.05) + 1200
                nd_bytes = op["act_in"] // op["tiles"]
                nd_d = min(self.jit(nd_bytes / BW["ndma"], 0.08) + 400, d * 3 // 4)
                nd_st = max(free[E_NDMA] + 100, ready, st - self.ns(0.5, 3.0))
                self.dx(E_NDMA, op, i_nd, wl, nd_st, nd_d, "ndma_load", nd_bytes, None,
                        {"queue": f"ndma.ch{k % 4}", "direction": "shm_to_ne", "tile": k})
                free[E_NDMA] = nd_st + nd_d
                st = max(st, nd_st + 200)
                ev = self.dx(E_NEC, op, i_ne, wl, st, d, op["opcode"], op["act_out"] // op["tiles"], None,
                             dict(({"fused_ops": op["fused"]} if op["fused"] else {}),
                                  flops=tflops, tile=k, tiles=op["tiles"]))
                self.tile_flops.append((st, st + d, tflops))
                free[E_NEC] = st + d
                if k == 0:
                    first_tile = ev
                    starts.append(st)
                    self.memory(st, "act", op["act_in"] + op["act_out"])
                last_tile = ev
            for ld in loads:
                self.flow(ld, first_tile)
            end = free[E_NEC]
            self.memory(end, "act", op["act_out"])
            if op["w"]:
                self.memory(end, "w-", op["w"])
            if op["spill"]:
                st = max(free[E_TDMA], end) + self.ns(0.3, 1.0)
                d = self.jit(op["act_out"] / BW["tdma"], 0.05) + 1200
                ev = self.dx(E_TDMA, op, c["spill"], wl, st, d, "dma_store_act", op["act_out"], None,
                             {"queue": "tdma.q1", "direction": "shm_to_dram", "reason": "spill block output"})
                free[E_TDMA] = st + d
                spilled[n] = st + d
                self.flow(last_tile, ev)
                self.memory(st, "dram", op["act_out"])
        # output: SHM -> device DRAM (Task DMA) -> host (External HDMA), then the closing sync
        op = g[-1]
        c = op["cmd"]
        out = op["act_out"]
        st = max(free[E_TDMA], free[E_NEC]) + self.ns(0.4, 1.0)
        d = self.jit(out / BW["tdma"], 0.05) + 1100
        store = self.dx(E_TDMA, op, c["out_store"], wl, st, d, "dma_store_act", out, "readback",
                        {"queue": "tdma.q0", "direction": "shm_to_dram"})
        self.flow(last_tile, store)
        self.memory(st, "dram", out)
        st = st + d + self.ns(0.5, 1.5)
        d = self.jit(out / BW["hdma"], 0.05) + 2300
        d2h = self.dx(E_HDMA, op, c["d2h"], wl, st, d, "d2h_copy", out, "readback",
                      {"queue": "hdma.d2h.0", "direction": "device_to_host"})
        self.flow(store, d2h)
        st = st + d + 300
        sync = self.dx(E_SYNC, op, c["sync"], wl, st, 2100 + self.ns(0, 0.8), "sync_signal", 0, "readback",
                       {"queue": "sync.0", "signals": "host"})
        self.flow(d2h, sync, v2_ok=False)
        end = sync["ts"] + sync["dur"]
        self.memory(end, "dram", -(img + out))
        self.add({"name": "inference_done", "ph": "i", "s": "p", "ts": end + 50, "pid": NPU_PID,
                  "args": {"step": step, "device_time_us": round((end - t0) / 1000, 3)}})
        return end, d2h

    # -- one profiler step
    def step(self, step, t):
        step_start = t
        prof = self.hx(T_MAIN, f"ProfilerStep#{step}", "user_annotation", t, 0,
                       {"External id": step, "source": self.src["step"]})
        async_id = step
        self.add({"name": "inference request", "cat": "inference", "ph": "b", "ts": t + 300, "pid": HOST_PID,
                  "tid": T_MAIN, "id": async_id, "args": {"step": step, "batch_size": BATCH}})
        t += self.ns(1.0, 3.0)
        # take the prefetched batch; the dataloader thread starts on the next one
        d = self.ns(14, 30)
        self.hx(T_MAIN, "Prefetcher.__iter__", "python_function", t, d,
                {"source": self.src["get"], "queue_depth": 2})
        self.cpu_busy[T_MAIN].append((t, t + d))
        self.dataloader(step + 2, t + d + self.ns(20, 60))
        t += d + self.ns(2, 6)
        t0 = t
        t = self.tree(T_MAIN, t, self.aten("aten::to", "to_dev", None, [[BATCH, 3, 224, 224], [], [], [], []],
                                           None, 6.0, ("aten::_to_copy", "aten::copy_"), dtype="float"))
        self.cpu_busy[T_MAIN].append((t0, t))
        t += self.ns(3, 8)
        self.add({"name": "inference_start", "ph": "i", "s": "t", "ts": t, "pid": HOST_PID, "tid": T_MAIN,
                  "args": {"step": step, "batch_size": BATCH, "source": self.src["model"]}})
        t += self.ns(2, 4)
        t0 = t
        t = self.tree(T_MAIN, t, self.forward_spec())
        self.cpu_busy[T_MAIN].append((t0, t))
        t += self.ns(3, 6)
        t0 = t
        t = self.tree(T_MAIN, t, self.aten("aten::argmax", "readback", None, [[BATCH, 1000], [], []], None, 5.0))
        t += self.ns(2, 5)
        self.cpu_busy[T_MAIN].append((t0, t))
        # .cpu(): flushes the graph to the runtime thread and blocks until the result is back
        i64 = "long int"
        to_ev = self.hx(T_MAIN, "aten::to", "cpu_op", t, 0,
                        self.op_args("readback", None, [[BATCH], [], [], [], []], dtype=i64))
        cp_parent = self.hx(T_MAIN, "aten::_to_copy", "cpu_op", t + 900, 0,
                            self.op_args("readback", None, [[BATCH]], dtype=i64))
        cp = self.hx(T_MAIN, "aten::copy_", "cpu_op", t + 2100, 0,
                     self.op_args("readback", None, [[BATCH], [BATCH], []], dtype=i64))
        rt = t + 2100 + self.ns(5, 9)
        run_args = {"graph": "strata_net.rbln", "step": step, "device": "npu:0", "source": self.src["readback"]}
        self.add({"name": "rbln_run", "cat": "rbln_runtime", "ph": "B", "ts": rt, "pid": HOST_PID, "tid": T_RT,
                  "args": run_args})
        r0 = rt
        rt += self.ns(2, 4)
        img = BATCH * 3 * 224 * 224 * F16
        d = self.ns(38, 52)
        self.add({"name": "rbln_tensor_write", "cat": "rbln_runtime", "ph": "B", "ts": rt, "pid": HOST_PID,
                  "tid": T_RT, "args": {"tensor": "input_0", "bytes": img, "source": self.src["to_dev"]}})
        self.add({"name": "rbln_tensor_write", "cat": "rbln_runtime", "ph": "E", "ts": rt + d, "pid": HOST_PID,
                  "tid": T_RT})
        rt += d + self.ns(1, 3)
        d = self.ns(16, 26)
        self.add({"name": "rbln_submit", "cat": "rbln_runtime", "ph": "B", "ts": rt, "pid": HOST_PID, "tid": T_RT,
                  "args": {"queue": "npu0.exec", "commands": self.graph[-1]["cmd"]["sync"] + 1,
                           "source": self.src["readback"]}})
        self.add({"name": "rbln_submit", "cat": "rbln_runtime", "ph": "E", "ts": rt + d, "pid": HOST_PID,
                  "tid": T_RT})
        submit = (HOST_PID, T_RT, rt, rt + d)
        self.add({"name": "device execution", "cat": "inference", "ph": "b", "ts": rt, "pid": HOST_PID,
                  "tid": T_MAIN, "id": async_id, "args": {"device": "npu:0"}})
        self.cpu_busy[T_RT].append((r0, rt + d))
        rt += d + self.ns(1, 2)
        dev_end, d2h = self.device_run(step, rt + self.ns(10, 16), submit)
        self.add({"name": "device execution", "cat": "inference", "ph": "e", "ts": dev_end, "pid": HOST_PID,
                  "tid": T_MAIN, "id": async_id})
        self.add({"name": "rbln_wait", "cat": "rbln_runtime", "ph": "B", "ts": rt, "pid": HOST_PID, "tid": T_RT,
                  "args": {"queue": "npu0.exec", "source": self.src["readback"]}})
        rt = dev_end + self.ns(4, 9)
        self.add({"name": "rbln_wait", "cat": "rbln_runtime", "ph": "E", "ts": rt, "pid": HOST_PID, "tid": T_RT})
        rt += self.ns(1, 2)
        d = self.ns(9, 14)
        self.add({"name": "rbln_tensor_read", "cat": "rbln_runtime", "ph": "B", "ts": rt, "pid": HOST_PID,
                  "tid": T_RT, "args": {"tensor": "output_0", "bytes": BATCH * 1000 * F16,
                                        "source": self.src["readback"]}})
        self.add({"name": "rbln_tensor_read", "cat": "rbln_runtime", "ph": "E", "ts": rt + d, "pid": HOST_PID,
                  "tid": T_RT})
        self.flow(d2h, (HOST_PID, T_RT, rt, rt + d), cat="rbln.host", name="readback")
        self.cpu_busy[T_RT].append((rt, rt + d))
        rt += d + self.ns(1, 3)
        self.add({"name": "rbln_run", "cat": "rbln_runtime", "ph": "E", "ts": rt, "pid": HOST_PID, "tid": T_RT})
        t_end = rt + self.ns(6, 12)
        cp["dur"] = t_end - cp["ts"]
        cp_parent["dur"] = t_end + self.ns(1, 2) - cp_parent["ts"]
        to_ev["dur"] = cp_parent["ts"] + cp_parent["dur"] + self.ns(1, 2) - to_ev["ts"]
        t = to_ev["ts"] + to_ev["dur"] + self.ns(2, 5)
        t0 = t
        for spec in (self.aten("aten::eq", "metric", None, [[BATCH], [BATCH]], None, 3.0, dtype="long int"),
                     self.aten("aten::sum", "metric", None, [[BATCH], []], None, 4.0, dtype="bool"),
                     self.aten("aten::item", "metric", None, [[]], None, 2.0, ("aten::_local_scalar_dense",),
                               dtype="long int")):
            t = self.tree(T_MAIN, t, spec) + self.ns(1, 3)
        self.add({"name": "inference request", "cat": "inference", "ph": "e", "ts": t, "pid": HOST_PID,
                  "tid": T_MAIN, "id": async_id})
        if step % 4 == 0:
            t += self.ns(2, 4)
            d = self.ns(160, 200)
            self.hx(T_MAIN, "torch.save", "python_function", t, d,
                    {"path": "eval_ckpt.pt", "bytes": 1131, "source": self.src["save"]})
            t += d
            self.add({"name": "checkpoint", "ph": "i", "s": "g", "ts": t, "pid": HOST_PID, "tid": T_MAIN,
                      "args": {"step": step, "path": "eval_ckpt.pt", "source": self.src["save"]}})
        self.cpu_busy[T_MAIN].append((t0, t))
        t += self.ns(8, 14)   # prof.step()
        prof["dur"] = t - step_start
        return t + self.ns(3, 6)

    def dataloader(self, for_step, t):
        spec_items = []
        for i in range(BATCH):
            spec_items.append(("SyntheticImages.__getitem__", "python_function", 14.0,
                               {"index": (for_step * BATCH + i) % 128, "source": self.src["dl_item"]},
                               [self.aten("aten::randn", "dl_item", None, None, None, 45.0,
                                          ("aten::empty", "aten::normal_"), flat=True)]))
        stack = [[3, 224, 224]] * BATCH
        spec = ("enumerate(DataLoader)#_SingleProcessDataLoaderIter.__next__", "user_annotation", 10.0,
                {"batch": for_step, "source": self.src["dl_next"]},
                spec_items + [
                    ("default_collate", "python_function", 12.0, {"source": self.src["dl_collate"]},
                     [self.aten("aten::stack", "dl_collate", None, [stack, []], None, 120.0, ("aten::cat",),
                                dtype="TensorList")]),
                    ("pin_memory", "python_function", 8.0, {"source": self.src["dl_collate"]},
                     [self.aten("aten::pin_memory", "dl_collate", None, [[BATCH, 3, 224, 224], []], None, 160.0,
                                ("aten::_pin_memory",), dtype="float")])])
        end = self.tree(T_DL, t, spec)
        self.cpu_busy[T_DL].append((t, end))

    # -- counters
    def counters(self, t_begin, t_end):
        W = 50_000
        last = None
        for w0 in range(t_begin - t_begin % W, t_end, W):
            w1 = w0 + W
            vals = {}
            for eng, key in ((E_NEC, "nec"), (E_TDMA, "task_dma"), (E_NDMA, "neural_dma"), (E_HDMA, "ext_hdma")):
                b = sum(max(0, min(e, w1) - max(s, w0)) for s, e in self.busy[eng])
                vals[key] = round(100.0 * b / W, 1)
            fl = sum(f * max(0, min(e, w1) - max(s, w0)) / (e - s) for s, e, f in self.tile_flops)
            hfu = round(100.0 * fl / (PEAK_FLOP_PER_NS * W), 1)
            if (vals, hfu) == last:
                continue
            last = (vals, hfu)
            self.add({"name": "Engine utilization (%)", "ph": "C", "ts": w0, "pid": NPU_PID, "args": vals})
            self.add({"name": "HFU (%)", "ph": "C", "ts": w0, "pid": NPU_PID, "args": {"hfu": hfu}})
        # device memory: DRAM (weights resident + I/O + spills), SHM (live weights + activations)
        dram = DRAM_BASE + self.weights
        w_live = act = 0
        self.add({"name": "Device memory (bytes)", "ph": "C", "ts": t_begin, "pid": NPU_PID,
                  "args": {"dram_used": dram, "shm_used": 0}})
        pending = None
        for ts, _, kind, amount in sorted(self.mem):
            if kind == "dram":
                dram += amount
            elif kind == "w+":
                w_live += amount
            elif kind == "w-":
                w_live -= amount
            else:
                act = amount
            if pending is not None and pending["ts"] != ts:
                self.add(pending)
            pending = {"name": "Device memory (bytes)", "ph": "C", "ts": ts, "pid": NPU_PID,
                       "args": {"dram_used": dram, "shm_used": w_live + act}}
        self.add(pending)
        # host CPU
        W = 250_000
        for w0 in range(t_begin - t_begin % W, t_end, W):
            w1 = w0 + W
            vals = {}
            for tid, name in HOST_THREADS:
                b = sum(max(0, min(e, w1) - max(s, w0)) for s, e in self.cpu_busy[tid])
                vals[name] = round(min(100.0, 100.0 * b / W + self.u(0.3, 1.5)), 1)
            self.add({"name": "Host CPU (% of a core)", "ph": "C", "ts": w0, "pid": HOST_PID, "args": vals})

    def metadata(self):
        out = []

        def m(name, pid, tid, args):
            ev = {"name": name, "ph": "M", "pid": pid}
            if tid is not None:
                ev["tid"] = tid
            ev["args"] = args
            out.append(ev)
        m("process_name", HOST_PID, None, {"name": "python3 model.py"})
        m("process_labels", HOST_PID, None, {"labels": "host,CPU"})
        m("process_sort_index", HOST_PID, None, {"sort_index": 0})
        for i, (tid, name) in enumerate(HOST_THREADS):
            m("thread_name", HOST_PID, tid, {"name": name})
            m("thread_sort_index", HOST_PID, tid, {"sort_index": i})
        m("process_name", NPU_PID, None, {"name": "NPU 0 (RBLN-CA12)"})
        m("process_labels", NPU_PID, None, {"labels": "npu:0,ATOM,16 GiB GDDR6"})
        m("process_sort_index", NPU_PID, None, {"sort_index": 1})
        for tid, name in ENGINES.items():
            m("thread_name", NPU_PID, tid, {"name": name})
            m("thread_sort_index", NPU_PID, tid, {"sort_index": tid})
        return out

    def run(self):
        t = first = 20_000   # recording starts with the dataloader already two batches ahead
        for s in STEPS:
            t = self.step(s, t)
        last = max(ev["ts"] + ev.get("dur", 0) for _, _, ev in self.events)
        self.counters(first, last)
        self.events.sort(key=lambda x: (x[0], x[1]))
        return self.metadata() + [ev for _, _, ev in self.events]


def write(events, path, names):
    counts = {}
    for ev in events:
        counts[ev["ph"]] = counts.get(ev["ph"], 0) + 1
    other = {
        "producer": "Strata resources/samples/make_sample.py (synthetic sample, seed %d)" % SEED,
        "model": "StrataNet (model.py), batch %d, float16, %d inference steps" % (BATCH, len(STEPS)),
        "device": "RBLN-CA12 (ATOM), 1 NPU",
        "profiler": "torch.profiler (host) + RBLN profiler (device)",
        "command_naming": ("{sequence_index}_W{workload_index}_{layer_name}_{command_index}" if names == "v0.12"
                           else "{sequence_index}_{layer_name}_{command_index}"),
        "peak_tflops_fp16": PEAK_FLOP_PER_NS / 1000,
        "baseTimeNanoseconds": 1718000000000000000,
        "event_counts": dict(sorted(counts.items())),
    }
    lines = [dump(ev) for ev in events]
    text = ('{"traceEvents":[\n' + ",\n".join(lines) + '\n],\n"displayTimeUnit":"ns",\n"otherData":' +
            json.dumps(other, separators=(",", ":")) + "}\n")
    with open(path, "w", encoding="ascii", newline="\n") as f:
        f.write(text)
    return counts, len(text)


# ----------------------------------------------------------------------------- validation

def check(path):
    """Structural checks on the written file; exits non-zero on the first problem."""
    with open(path, encoding="ascii") as f:
        doc = json.load(f)
    evs = doc["traceEvents"]
    with open(MODEL_PY, encoding="utf-8") as f:
        lines = f.read().split("\n")
    problems = []
    # the line a compute event points at must show that operation
    words = {"conv2d": ("conv",), "linear": ("qkv", "proj", "mlp", "fc"), "layer_norm": ("norm",),
             "softmax": ("softmax",), "matmul": ("matmul",), "max_pool2d": ("maxpool",),
             "adaptive_avg_pool2d": ("avgpool",), "batch_norm": ("bn", "BatchNorm2d"), "relu_": ("relu",)}
    for ev in evs:
        src = ev.get("args", {}).get("source")
        if src:
            ln = int(src.split(":")[1])
            if not (src.startswith("model.py:") and 1 <= ln <= len(lines) and lines[ln - 1].strip()):
                problems.append(f"bad source {src} on {ev['name']}")
                continue
            if ev.get("cat") == "Neural Engine Clusters":
                op = ev["args"]["opcode"]
            elif ev["name"].startswith("aten::"):
                op = ev["name"][6:]
            else:
                continue
            if op in words and not any(w.lower() in lines[ln - 1].lower() for w in words[op]):
                problems.append(f"{ev['name']} ({op}) -> line {ln}: {lines[ln - 1].strip()}")
    # X slices on one track: nested or disjoint
    tracks = {}
    for ev in evs:
        if ev["ph"] == "X":
            tracks.setdefault((ev["pid"], ev["tid"]), []).append((ev["ts"], -ev["dur"], ev["name"]))
    for key, sl in tracks.items():
        sl.sort()
        stack = []
        for ts, nd, name in sl:
            end = ts - nd
            while stack and stack[-1][0] <= ts + 1e-9:
                stack.pop()
            if stack and end > stack[-1][0] + 1e-9:
                problems.append(f"partial overlap on {key}: {name} @ {ts}")
            stack.append((end, name))
    # B/E balanced and LIFO per thread
    open_ = {}
    for ev in evs:
        if ev["ph"] == "B":
            open_.setdefault((ev["pid"], ev["tid"]), []).append(ev["name"])
        elif ev["ph"] == "E":
            st = open_.get((ev["pid"], ev["tid"]))
            if not st or st.pop() != ev["name"]:
                problems.append(f"unbalanced E {ev['name']} @ {ev['ts']}")
    problems += [f"unclosed B {k}: {v}" for k, v in open_.items() if v]
    # flows: every v1 id has one s and one f; v2 ids one flow_out and one flow_in
    v1, v2 = {}, {}
    for ev in evs:
        if ev["ph"] in "sf":
            v1.setdefault(ev["id"], []).append(ev["ph"])
        if "bind_id" in ev:
            v2.setdefault(ev["bind_id"], []).append("out" if ev.get("flow_out") else "in")
    problems += [f"flow v1 {k}: {v}" for k, v in v1.items() if sorted(v) != ["f", "s"]]
    problems += [f"flow v2 {k}: {v}" for k, v in v2.items() if sorted(v) != ["in", "out"]]
    # flows point forward in time: producer ends before the consumer starts
    when = {}
    for ev in evs:
        if ev["ph"] in "sf":
            when.setdefault(("v1", ev["id"]), {})[ev["ph"]] = ev["ts"]
        if "bind_id" in ev:
            key = "s" if ev.get("flow_out") else "f"
            when.setdefault(("v2", ev["bind_id"]), {})[key] = ev["ts"] + (ev["dur"] if key == "s" else 0)
    problems += [f"flow {k} goes back in time" for k, v in when.items() if v.get("s", 0) > v.get("f", 0) + 1e-9]
    # every track is named
    named = {(ev["pid"], ev.get("tid")) for ev in evs if ev["ph"] == "M"}
    for ev in evs:
        if (ev["pid"], None) not in named:
            problems.append(f"pid {ev['pid']} has no process_name")
        if "tid" in ev and ev.get("s") != "g" and (ev["pid"], ev["tid"]) not in named:
            problems.append(f"track {ev['pid']}/{ev['tid']} has no thread_name")
    if problems:
        sys.exit("check failed:\n  " + "\n  ".join(problems[:30]))
    return len(v1), len(v2)


def main():
    ap = argparse.ArgumentParser(description="Write Strata's sample profile.")
    ap.add_argument("-o", "--output", default=OUT_JSON)
    ap.add_argument("--names", choices=["v0.11", "v0.12"], default="v0.11",
                    help="RBLN command naming: v0.11 '0_layer_7' (default) or v0.12 '0_W3_layer_7'")
    ap.add_argument("--check", action="store_true", help="validate the written file")
    args = ap.parse_args()
    events = Gen(args.names).run()
    counts, size = write(events, args.output, args.names)
    print(f"wrote {args.output}: {len(events)} events, {size} bytes")
    print("  by phase: " + ", ".join(f"{k}={v}" for k, v in sorted(counts.items())))
    if args.check:
        n1, n2 = check(args.output)
        print(f"  check ok: {n1} v1 flows, {n2} v2 flows; all sources resolve in model.py")


if __name__ == "__main__":
    main()
