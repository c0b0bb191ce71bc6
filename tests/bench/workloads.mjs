// workloads.mjs - the micro workloads of perf_bench.mjs and first_run.mjs:
// py is the setup (inputs) and the body of fn(args), flops for GFLOPS.
// perf_bench.mjs has the same computation for the hand kernel and each peer.
const MLP_FLOPS = 2 * 64 * (784 * 512 + 512 * 512 + 512 * 10);
export const MICRO_WORKLOADS = [
  {
    name: 'chain',
    title: '8-op elementwise chain, 1M f32',
    py: {
      setup: 'x = torch.randn(1048576)',
      args: 'x',
      body: `y = x * 1.5
    y = y + 0.25
    y = torch.relu(y)
    y = y * x
    y = y - 0.5
    y = torch.abs(y)
    y = y + x
    return y * 0.75`,
    },
  },
  { name: 'softmax', title: 'softmax rows, 1024x1024', py: { setup: 'x = torch.randn(1024, 1024)', args: 'x', body: 'return torch.softmax(x, dim=-1)' } },
  {
    name: 'layer_norm',
    title: 'layer_norm, 1024x1024',
    py: { setup: 'x = torch.randn(1024, 1024)\nw = torch.randn(1024)\nb = torch.randn(1024)', args: 'x, w, b', body: 'return F.layer_norm(x, (1024,), w, b)' },
  },
  { name: 'matmul', title: 'matmul 512', flops: 2 * 512 ** 3, py: { setup: 'a = torch.randn(512, 512)\nb = torch.randn(512, 512)', args: 'a, b', body: 'return a @ b' } },
  {
    name: 'mlp',
    title: 'MLP 64x784-512-512-10',
    flops: MLP_FLOPS,
    py: {
      setup: `x = torch.randn(64, 784)
W1 = torch.randn(512, 784) * 0.05
b1 = torch.randn(512) * 0.1
W2 = torch.randn(512, 512) * 0.05
b2 = torch.randn(512) * 0.1
W3 = torch.randn(10, 512) * 0.05
b3 = torch.randn(10) * 0.1`,
      args: 'x, W1, b1, W2, b2, W3, b3',
      body: `h = torch.relu(F.linear(x, W1, b1))
    h = torch.relu(F.linear(h, W2, b2))
    return F.linear(h, W3, b3)`,
    },
  },
  { name: 'sum0', title: 'sum(dim=0), 1024x1024', py: { setup: 'x = torch.randn(1024, 1024)', args: 'x', body: 'return x.sum(dim=0)' } },
  {
    name: 'attention',
    title: 'attention 128x64',
    py: {
      setup: 'q = torch.randn(128, 64)\nk = torch.randn(128, 64)\nv = torch.randn(128, 64)',
      args: 'q, k, v',
      body: 'return torch.softmax(q @ k.transpose(0, 1) / 8.0, dim=-1) @ v',
    },
  },
];
