import torch

def make_scaler(k):
    def scale(t):
        return t * k  # traced
    return scale

triple = make_scaler(3)

@torch.compile
def f(x, n):
    sq = lambda t: t * t  # traced
    offset = 0.5  # traced
    add_off = lambda t: t + offset  # traced
    def shift(t):
        return t - n  # traced
    return shift(add_off(triple(sq(x))))  # traced

print(f(torch.tensor([1.0, 2.0]), 1))

# A closure made outside, lambdas and a nested def inside the compiled
# function: all inlined into one graph.
# expected output:
# tensor([ 2.5000, 11.5000])
# expected explain: graph_count=1 graph_break_count=0
