"""StrataNet: a small ResNet-style classifier with a self-attention block.

The program behind Strata's bundled sample profile (sample_profile.json): five
profiled inference steps, batch 16 of 224x224 images, float16, one Rebellions
ATOM NPU (RBLN-CA12). The trace's "source" args point at lines of this file.
Run: python3 model.py [--train] [--steps 7]
"""
import argparse
import queue
import threading

import torch
import torch.nn as nn
import torch.nn.functional as F
from torch.profiler import ProfilerActivity, profile, schedule
from torch.utils.data import DataLoader, Dataset


class ResNetBlock(nn.Module):
    """Basic residual block: conv-bn-relu, conv-bn, (downsample), add, relu."""

    def __init__(self, in_ch, out_ch, stride=1):
        super().__init__()
        self.conv1 = nn.Conv2d(in_ch, out_ch, 3, stride=stride, padding=1, bias=False)
        self.bn1 = nn.BatchNorm2d(out_ch)
        self.relu1 = nn.ReLU(inplace=True)
        self.conv2 = nn.Conv2d(out_ch, out_ch, 3, padding=1, bias=False)
        self.bn2 = nn.BatchNorm2d(out_ch)
        self.relu2 = nn.ReLU(inplace=True)  # separate attribute: keeps "relu2" in RBLN command names
        self.downsample = None
        if stride != 1 or in_ch != out_ch:
            self.downsample = nn.Sequential(
                nn.Conv2d(in_ch, out_ch, 1, stride=stride, bias=False),
                nn.BatchNorm2d(out_ch),
            )

    def forward(self, x):
        identity = x
        out = self.conv1(x)
        out = self.bn1(out)
        out = self.relu1(out)
        out = self.conv2(out)
        out = self.bn2(out)
        if self.downsample is not None:
            identity = self.downsample(x)  # 1x1 nn.Conv2d + BatchNorm2d, stride 2
        out = out + identity
        return self.relu2(out)


class AttentionBlock(nn.Module):
    """Pre-norm transformer block over the 14x14 feature map (196 tokens)."""

    def __init__(self, dim, heads=4, mlp_ratio=4):
        super().__init__()
        self.heads = heads
        self.scale = (dim // heads) ** -0.5
        self.norm1 = nn.LayerNorm(dim)
        self.qkv = nn.Linear(dim, dim * 3)
        self.softmax = nn.Softmax(dim=-1)
        self.proj = nn.Linear(dim, dim)
        self.norm2 = nn.LayerNorm(dim)
        self.mlp = nn.Sequential(
            nn.Linear(dim, dim * mlp_ratio),
            nn.GELU(),
            nn.Linear(dim * mlp_ratio, dim),
        )

    def forward(self, x):
        b, n, c = x.shape
        h = self.norm1(x)
        qkv = self.qkv(h).reshape(b, n, 3, self.heads, c // self.heads)
        q, k, v = qkv.permute(2, 0, 3, 1, 4)
        attn = torch.matmul(q, k.transpose(-2, -1)) * self.scale
        attn = self.softmax(attn)
        h = torch.matmul(attn, v).transpose(1, 2).reshape(b, n, c)
        x = x + self.proj(h)
        x = x + self.mlp(self.norm2(x))
        return x


class StrataNet(nn.Module):
    def __init__(self, num_classes=1000, width=64):
        super().__init__()
        self.conv1 = nn.Conv2d(3, width, 7, stride=2, padding=3, bias=False)
        self.bn1 = nn.BatchNorm2d(width)
        self.relu = nn.ReLU(inplace=True)
        self.maxpool = nn.MaxPool2d(3, stride=2, padding=1)
        self.layer1 = nn.Sequential(*[ResNetBlock(width, width) for _ in range(3)])
        self.layer2 = nn.Sequential(ResNetBlock(width, width * 2, stride=2),
                                    ResNetBlock(width * 2, width * 2))
        self.layer3 = nn.Sequential(ResNetBlock(width * 2, width * 4, stride=2),
                                    ResNetBlock(width * 4, width * 4))
        self.attn = AttentionBlock(width * 4)
        self.avgpool = nn.AdaptiveAvgPool2d(1)
        self.fc = nn.Linear(width * 4, num_classes)

    def forward(self, x):
        x = self.relu(self.bn1(self.conv1(x)))
        x = self.maxpool(x)
        x = self.layer1(x)
        x = self.layer2(x)
        x = self.layer3(x)
        b, c, h, w = x.shape
        t = self.attn(x.flatten(2).transpose(1, 2))
        x = t.transpose(1, 2).reshape(b, c, h, w)
        x = torch.flatten(self.avgpool(x), 1)
        return self.fc(x)


class SyntheticImages(Dataset):
    """Deterministic random images so the sample needs no data set download."""

    def __init__(self, n=128, num_classes=1000):
        self.n, self.num_classes = n, num_classes

    def __len__(self):
        return self.n

    def __getitem__(self, i):
        g = torch.Generator().manual_seed(i)
        image = torch.randn(3, 224, 224, generator=g)
        return image, i % self.num_classes


def make_loader(batch_size=16):
    return DataLoader(SyntheticImages(), batch_size=batch_size, pin_memory=True)


class Prefetcher:
    """Loads and pins the next batch on a "dataloader" thread while the NPU runs."""

    def __init__(self, loader, depth=2):
        self.q = queue.Queue(maxsize=depth)
        threading.Thread(target=self._run, args=(loader,), name="dataloader", daemon=True).start()

    def _run(self, loader):
        for batch in loader:
            self.q.put(batch)
        self.q.put(None)

    def __iter__(self):
        while (batch := self.q.get()) is not None:
            yield batch


def train(model, loader, device, epochs=1, lr=0.05):
    opt = torch.optim.SGD(model.parameters(), lr=lr, momentum=0.9, weight_decay=1e-4)
    model.train()
    for epoch in range(epochs):
        for images, labels in loader:
            images, labels = images.to(device), labels.to(device)
            loss = F.cross_entropy(model(images), labels)
            opt.zero_grad(set_to_none=True)
            loss.backward()
            opt.step()
        print(f"epoch {epoch}: loss {loss.item():.3f}")


@torch.no_grad()
def evaluate(model, loader, device, steps, ckpt="eval_ckpt.pt"):
    model.eval()
    correct = seen = 0
    sched = schedule(wait=1, warmup=1, active=steps - 2, repeat=1)
    with profile(activities=[ProfilerActivity.CPU, ProfilerActivity.PrivateUse1],
                 schedule=sched, record_shapes=True, with_stack=True, with_flops=True,
                 with_modules=True) as prof:
        for step, (images, labels) in enumerate(Prefetcher(loader)):
            if step == steps:
                break
            images = images.to(device, dtype=torch.float16, non_blocking=True)
            logits = model(images)
            pred = logits.argmax(dim=1).cpu()
            correct += (pred == labels).sum().item()
            seen += labels.numel()
            if step % 4 == 0:
                torch.save({"step": step, "top1": correct / seen}, ckpt)
            prof.step()
    prof.export_chrome_trace("strata_eval_trace.json")
    return correct / max(seen, 1)


def main():
    p = argparse.ArgumentParser(description=__doc__)
    p.add_argument("--device", default="rbln")
    p.add_argument("--steps", type=int, default=7)
    p.add_argument("--train", action="store_true")
    p.add_argument("--epochs", type=int, default=1)
    args = p.parse_args()
    device = torch.device(args.device)
    model = StrataNet().to(device)
    loader = make_loader()
    if args.train:
        train(model, loader, device, epochs=args.epochs)
    model = model.to(dtype=torch.float16)
    top1 = evaluate(model, loader, device, args.steps)
    print(f"top-1 on synthetic data: {top1:.3%}")


if __name__ == "__main__":
    main()
