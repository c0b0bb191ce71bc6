# collections inside a compiled function: Dynamo inlines the pure-Python
# collections code (namedtuple classes, OrderedDict, defaultdict, Counter,
# deque: torch/_dynamo/variables/dicts.py, lists.py), so building and
# using them is traced without a graph break; one graph of five ops
# (x + 1, x * 2, the product, two sums), and a namedtuple returned is the
# namedtuple, its class kept. Expected values by hand: x is ones(3).
import collections

import torch
from torch._dynamo.testing import CompileCounter

Pair = collections.namedtuple("Pair", "a b")


def f(p, x):
    q = Pair(x + 1, x * 2)  # traced
    d = collections.defaultdict(list)  # traced
    d["k"].append(q.a)  # traced
    od = collections.OrderedDict()  # traced
    od["z"] = p.b  # traced
    od.move_to_end("z")  # traced
    c = collections.Counter(["u", "u", "v"])  # traced
    dq = collections.deque([x], maxlen=2)  # traced
    dq.append(p.a)  # traced
    dq.appendleft(x)  # traced
    return q._replace(b=d["k"][0] * c["u"] + od["z"] + dq[0]), len(dq)  # traced


cnt = CompileCounter()
cf = torch.compile(f, backend=cnt)
x = torch.ones(3)
p = Pair(torch.zeros(3), torch.ones(3))
r = cf(p, x)
print(type(r[0]).__name__, r)
r = cf(p, x)
print(r[0].b, r[1])
print(cnt.frame_count, cnt.op_count)

# expected output:
# Pair (Pair(a=tensor([2., 2., 2.]), b=tensor([6., 6., 6.])), 2)
# tensor([6., 6., 6.]) 2
# 1 5
# expected explain: graph_count=1 graph_break_count=0
