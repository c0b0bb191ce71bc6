import torch

def true_fn(x):
    return x.sin()  # traced, not traced

def false_fn(x):
    return x.cos()  # traced

@torch.compile
def f(pred, x):
    return torch.cond(pred, true_fn, false_fn, [x])  # traced

print(f(torch.tensor(False), torch.tensor([0.25, 0.25])))
print(f(torch.tensor(True), torch.tensor([0.25, 0.25])))
print(torch.cond(torch.tensor(True), true_fn, false_fn, (torch.tensor([0.5]),)))

def noisy(x):
    print("in a branch")
    return x

@torch.compile
def g(pred, x):
    return torch.cond(pred, noisy, false_fn, (x,))

try:
    g(torch.tensor(True), torch.ones(2))
except torch._dynamo.exc.UncapturedHigherOrderOpError as e:
    print(str(e).splitlines()[0])

# torch.cond (test_misc.py test_cond, _test_misc_part4.py): a tensor
# predicate does not break the graph; both branches are traced (the second
# call, with the other predicate, reuses the graph: one graph), eagerly the
# predicate picks the branch (true_fn's line also runs eagerly). A graph break while tracing a branch is the
# hard error UncapturedHigherOrderOpError (higher_order_ops.py
# raise_hard_error_if_graph_break), not a break.
# expected output:
# tensor([0.9689, 0.9689])
# tensor([0.2474, 0.2474])
# tensor([0.4794])
# Cond doesn't work unless it is captured completely with torch.compile. Failed to trace builtin operator
# expected explain: graph_count=1 graph_break_count=0
