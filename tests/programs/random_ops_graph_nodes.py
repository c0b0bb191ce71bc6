import torch

# torch.rand / randn / randint / randn_like inside a compiled frame are
# call_function nodes of Dynamo's graph (test_misc.py test_nested_closure
# counts torch.randn among the ops: 2 frames, 9 ops), and the graph draws
# them from the generator when it runs, in graph order: with
# backend="eager" PyTorch runs the same ops in the same order, so the
# values (and the generator's state after the call) are eager's, bit for
# bit. A random tensor nobody reads is still drawn (FX keeps the node:
# `randn_1 = torch.randn(5);  randn_1 = None`). Outputs here are returned
# in the order the graph makes them.


def show(gm, example_inputs):
    print(gm.code.strip())
    return gm.forward


def f(x):
    noise = torch.randn(3)
    mask = torch.rand(2, 3, dtype=torch.float64)
    idx = torch.randint(0, 10, (4,))
    torch.randn(5)
    return mask, idx, x + noise, torch.randn_like(x)


def with_break(x):
    a = torch.rand(3)
    print("break")  # a graph break: the first graph has drawn a already
    return x * a + torch.randn(3)


def same_stream(fn, backend):
    torch.manual_seed(7)
    want = [fn(torch.ones(3)) for _ in range(3)]
    after = torch.rand(2)
    torch.manual_seed(7)
    opt = torch.compile(fn, backend=backend)
    got = [opt(torch.ones(3)) for _ in range(3)]
    for w, g in zip(want, got):
        if isinstance(w, tuple):
            assert all(torch.equal(p, q) for p, q in zip(w, g)), "values"
        else:
            assert torch.equal(w, g), "values"
    assert torch.equal(after, torch.rand(2)), "generator state after the calls"


torch.compile(f, backend=show)(torch.ones(3))
cnt = torch._dynamo.testing.CompileCounter()
torch.compile(f, backend=cnt)(torch.ones(3))
print(cnt.frame_count, cnt.op_count)
for backend in ["eager", "inductor"]:
    same_stream(f, backend)
    same_stream(with_break, backend)
print("same as eager")

# expected output:
# def forward(self, L_x_ : torch.Tensor):
#     l_x_ = L_x_
#     noise = torch.randn(3)
#     mask = torch.rand(2, 3, dtype = torch.float64)
#     idx = torch.randint(0, 10, (4,))
#     randn_1 = torch.randn(5);  randn_1 = None
#     add = l_x_ + noise;  noise = None
#     randn_like = torch.randn_like(l_x_);  l_x_ = None
#     return (mask, idx, add, randn_like)
# 1 6
# break
# break
# break
# break
# break
# break
# break
# break
# break
# break
# break
# break
# same as eager
