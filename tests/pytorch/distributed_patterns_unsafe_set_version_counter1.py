# pytorch: test/inductor/test_distributed_patterns.py DistributedPatternTests.test_unsafe_set_version_counter1
# commit: 704ec38320f1a2ebf2be32487d82ded428fae61d
# issue: 9
#
# PyTorch asserts, for w at versions 3, 0 and 1 (each fill_ bumps it by
# one): the compiled function (CompileCounter backend, fullgraph=True)
# returns w itself, holding x.sin() + 1, and the version it read before
# its copy_; _unsafe_set_version_counter puts that version back, so w is
# at it after the call; one frame compiled for all three (Dynamo traces
# `w._version` as an unbacked SymInt: no guard on it). Translation: the
# @torch.no_grad() method decorator is a `with torch.no_grad():` around
# the loop; assertEqual on tensors is torch._dynamo.testing.same;
# assertIs is `is`; the versions are also printed.
import torch
from torch._dynamo.testing import CompileCounter, same

cnt = CompileCounter()


@torch.compile(backend=cnt, fullgraph=True)
def fn(w, x):
    x = x.sin()
    v = w._version
    w.copy_(x + 1)
    torch._C._autograd._unsafe_set_version_counter((w,), (v,))
    return w, v


with torch.no_grad():
    for v in (3, 0, 1):
        w1 = torch.randn(16)
        for i in range(v):
            w1.fill_(i)  # bump w1._version
        assert w1._version == v, "w1._version before"
        x1 = torch.randn(16)
        w2, v2 = fn(w1, x1)

        assert w1 is w2, "w1 is w2"
        assert same(w1, x1.sin() + 1), "w1 == x1.sin() + 1"
        assert v2 == v, "v2 == v"
        assert w1._version == v, "w1._version after"
        assert cnt.frame_count == 1, "frame_count"
        print(v2, w1._version, cnt.frame_count)

# expected output:
# 3 3 1
# 0 0 1
# 1 1 1
