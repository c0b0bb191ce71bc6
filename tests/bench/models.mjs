// models.mjs - the model workloads of tests/bench/perf_bench.mjs (the
// benchmark command): a DLRM-style recommender (EmbeddingBags eager under
// torch.compiler.disable, MLPs and the bmm interaction compiled), LeNet at
// batch 64 and a GPT block at T=128, C=256, each as a Python program for
// dynawasm (compiled and eager) and the same model written for
// @tensorflow/tfjs-backend-wasm.
//
//   node tests/bench/perf_bench.mjs --only recommender,lenet,gpt --no-startup

// ---- the models ------------------------------------------------------------
// Python: `setup` builds the model and inputs (random weights: timing only),
// `args` are fn's parameters, `body` its body. tfjs: build(tf, rnd) returns
// a function computing the same model on tensors made from the same shapes.
const DLRM_PY = `
import torch.nn as nn
B, D = 256, 16
class DLRM(nn.Module):
    def __init__(self):
        super().__init__()
        self.dense = nn.Sequential(nn.Linear(13, 64), nn.ReLU(), nn.Linear(64, D), nn.ReLU())
        self.bags = nn.ModuleList([nn.EmbeddingBag(1000, D, mode="sum") for _ in range(8)])
        self.top = nn.Sequential(nn.Linear(D + 36, 64), nn.ReLU(), nn.Linear(64, 1))
        self.pairs = torch.tensor([i * 9 + j for i in range(9) for j in range(i + 1, 9)])
    @torch.compiler.disable
    def sparse(self, ids, offsets):
        return torch.stack([bag(i, o) for bag, i, o in zip(self.bags, ids, offsets)], dim=1)
    def forward(self, dense, ids, offsets):
        d = self.dense(dense)
        s = self.sparse(ids, offsets)
        feats = torch.cat([d.unsqueeze(1), s], dim=1)
        inter = torch.bmm(feats, feats.transpose(1, 2))
        pairs = inter.flatten(1).index_select(1, self.pairs)
        return torch.sigmoid(self.top(torch.cat([d, pairs], dim=1)))
model = DLRM().eval()
dense = torch.randn(B, 13)
ids = [torch.randint(0, 1000, (B * 4,)) for _ in range(8)]
offsets = [torch.arange(0, B * 4, 4) for _ in range(8)]
`;

const LENET_PY = `
import torch.nn as nn
import torch.nn.functional as F
class LeNet(nn.Module):
    def __init__(self):
        super().__init__()
        self.conv1 = nn.Conv2d(1, 6, 5, padding=2)
        self.conv2 = nn.Conv2d(6, 16, 5)
        self.fc1 = nn.Linear(400, 120)
        self.fc2 = nn.Linear(120, 84)
        self.fc3 = nn.Linear(84, 10)
    def forward(self, x):
        x = F.max_pool2d(F.relu(self.conv1(x)), 2)
        x = F.max_pool2d(F.relu(self.conv2(x)), 2)
        x = torch.flatten(x, 1)
        return self.fc3(F.relu(self.fc2(F.relu(self.fc1(x)))))
model = LeNet().eval()
x = torch.randn(64, 1, 28, 28)
`;

const GPT_PY = `
import math
import torch.nn as nn
import torch.nn.functional as F
T, C, H = 128, 256, 4
class Block(nn.Module):
    def __init__(self):
        super().__init__()
        self.ln1 = nn.LayerNorm(C)
        self.qkv = nn.Linear(C, 3 * C)
        self.proj = nn.Linear(C, C)
        self.ln2 = nn.LayerNorm(C)
        self.fc = nn.Linear(C, 4 * C)
        self.out = nn.Linear(4 * C, C)
        self.register_buffer("mask", torch.tril(torch.ones(T, T)).bool())
    def forward(self, x):
        B, T, C = x.shape
        q, k, v = self.qkv(self.ln1(x)).split(C, dim=2)
        q = q.view(B, T, H, C // H).transpose(1, 2)
        k = k.view(B, T, H, C // H).transpose(1, 2)
        v = v.view(B, T, H, C // H).transpose(1, 2)
        att = q @ k.transpose(-2, -1) / math.sqrt(C // H)
        att = att.masked_fill(~self.mask[:T, :T], float("-inf"))
        y = F.softmax(att, dim=-1) @ v
        x = x + self.proj(y.transpose(1, 2).reshape(B, T, C))
        return x + self.out(F.gelu(self.fc(self.ln2(x))))
model = Block().eval()
x = torch.randn(1, T, C)
`;

export const MODEL_WORKLOADS = [
  {
    name: 'recommender',
    title: 'recommender (DLRM: 8 EmbeddingBags eager, MLPs + bmm compiled), B=256',
    py: { setup: DLRM_PY, args: 'dense, ids, offsets', call: 'model(dense, ids, offsets)' },
    tfjs: (tf, rnd) => {
      const B = 256, D = 16;
      const lin = (i, o) => ({ w: tf.tensor(rnd(o * i, 1 / Math.sqrt(i)), [o, i]), b: tf.tensor(rnd(o, 0.1), [o]) });
      const d1 = lin(13, 64), d2 = lin(64, D), t1 = lin(D + 36, 64), t2 = lin(64, 1);
      const tables = Array.from({ length: 8 }, () => tf.tensor(rnd(1000 * D, 1), [1000, D]));
      const ids = Array.from({ length: 8 }, () => tf.tensor(Array.from({ length: B * 4 }, () => Math.floor(Math.random() * 1000)), [B * 4], 'int32'));
      const pairs = [];
      for (let i = 0; i < 9; i++) for (let j = i + 1; j < 9; j++) pairs.push(i * 9 + j);
      const pairIdx = tf.tensor(pairs, [pairs.length], 'int32');
      const dense = tf.tensor(rnd(B * 13, 1), [B, 13]);
      const fc = (x, l, act) => tf.fused.matMul({ a: x, b: l.w, transposeB: true, bias: l.b, activation: act });
      return () => {
        const d = fc(fc(dense, d1, 'relu'), d2, 'relu');
        // bags of 4 (the offsets of the Python program): a sum over axis 1
        // (tfjs-wasm has no UnsortedSegmentSum kernel)
        const s = tf.stack(tables.map((t, k) => tf.sum(tf.reshape(tf.gather(t, ids[k]), [B, 4, D]), 1)), 1);
        const feats = tf.concat([tf.expandDims(d, 1), s], 1);
        const inter = tf.matMul(feats, feats, false, true);
        const pr = tf.gather(tf.reshape(inter, [B, 81]), pairIdx, 1);
        return tf.sigmoid(fc(fc(tf.concat([d, pr], 1), t1, 'relu'), t2, 'linear'));
      };
    },
  },
  {
    name: 'lenet',
    title: 'LeNet 28x28, batch 64',
    py: { setup: LENET_PY, args: 'x', call: 'model(x)' },
    tfjs: (tf, rnd) => {
      // NHWC, as tfjs-wasm's convolutions take it
      const conv = (kh, kw, ci, co) => ({ w: tf.tensor(rnd(kh * kw * ci * co, 1 / Math.sqrt(ci * kh * kw)), [kh, kw, ci, co]), b: tf.tensor(rnd(co, 0.1), [co]) });
      const lin = (i, o) => ({ w: tf.tensor(rnd(o * i, 1 / Math.sqrt(i)), [o, i]), b: tf.tensor(rnd(o, 0.1), [o]) });
      const c1 = conv(5, 5, 1, 6), c2 = conv(5, 5, 6, 16), f1 = lin(400, 120), f2 = lin(120, 84), f3 = lin(84, 10);
      const x = tf.tensor(rnd(64 * 28 * 28, 1), [64, 28, 28, 1]);
      const fc = (h, l, act) => tf.fused.matMul({ a: h, b: l.w, transposeB: true, bias: l.b, activation: act });
      return () => {
        let h = tf.fused.conv2d({ x, filter: c1.w, strides: 1, pad: 2, bias: c1.b, activation: 'relu' });
        h = tf.maxPool(h, 2, 2, 'valid');
        h = tf.fused.conv2d({ x: h, filter: c2.w, strides: 1, pad: 'valid', bias: c2.b, activation: 'relu' });
        h = tf.maxPool(h, 2, 2, 'valid');
        h = tf.reshape(h, [64, 400]);
        return fc(fc(fc(h, f1, 'relu'), f2, 'relu'), f3, 'linear');
      };
    },
  },
  {
    name: 'gpt',
    title: 'GPT block T=128 C=256 (4 heads)',
    py: { setup: GPT_PY, args: 'x', call: 'model(x)' },
    tfjs: (tf, rnd) => {
      const T = 128, C = 256, H = 4, D = C / H;
      const lin = (i, o) => ({ w: tf.tensor(rnd(o * i, 1 / Math.sqrt(i)), [o, i]), b: tf.tensor(rnd(o, 0.1), [o]) });
      const qkv = lin(C, 3 * C), proj = lin(C, C), fc1 = lin(C, 4 * C), fc2 = lin(4 * C, C);
      const g1 = tf.ones([C]), b1 = tf.zeros([C]), g2 = tf.ones([C]), b2 = tf.zeros([C]);
      const mask = tf.linalg.bandPart(tf.ones([T, T]), -1, 0);
      const neg = tf.mul(tf.sub(1, mask), -1e9);
      const x = tf.tensor(rnd(T * C, 1), [T, C]);
      const ln = (h, g, b) => {
        const { mean, variance } = tf.moments(h, -1, true);
        return tf.add(tf.mul(tf.mul(tf.sub(h, mean), tf.rsqrt(tf.add(variance, 1e-5))), g), b);
      };
      const fc = (h, l, act) => tf.fused.matMul({ a: h, b: l.w, transposeB: true, bias: l.b, activation: act });
      const gelu = (h) => tf.mul(tf.mul(h, 0.5), tf.add(1, tf.erf(tf.mul(h, Math.SQRT1_2))));
      return () => {
        const a = fc(ln(x, g1, b1), qkv, 'linear');
        const [q, k, v] = tf.split(a, 3, 1).map((t) => tf.transpose(tf.reshape(t, [T, H, D]), [1, 0, 2]));
        const att = tf.add(tf.div(tf.matMul(q, k, false, true), Math.sqrt(D)), neg);
        const y = tf.reshape(tf.transpose(tf.matMul(tf.softmax(att, -1), v), [1, 0, 2]), [T, C]);
        const h = tf.add(x, fc(y, proj, 'linear'));
        return tf.add(h, fc(gelu(fc(ln(h, g2, b2), fc1, 'linear')), fc2, 'linear'));
      };
    },
  },
];
