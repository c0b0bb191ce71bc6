# torch.multinomial draws PyTorch's numbers after torch.manual_seed: with
# replacement, one double uniform per sample searched in the normalised
# running sums; without (or for one sample), topk of p / q with q ~ Exp(1)
# (ATen's CPU algorithm; exponential_ as built without MKL). Compiled, it
# is a graph break (run eagerly, the generator in program order). Expected
# values re-derived in CPython from ATen's algorithm over mt19937 seeded
# with 0 (the same model gives torch.rand(1) = 0.4963 after
# torch.manual_seed(0), PyTorch's value): with replacement
# [3, 3, 2, 3, 3], without [2, 1], rows [[1], [0]].
import torch

p = torch.tensor([0.1, 0.2, 0.3, 0.4])
torch.manual_seed(0)
print(torch.multinomial(p, 5, replacement=True))
torch.manual_seed(0)
print(p.multinomial(2))

@torch.compile
def f(w):
    w = w * 1  # traced
    return torch.multinomial(w, 1)  # traced, graph break: unsupported_call

torch.manual_seed(0)
print(f(torch.tensor([[0.0, 1.0], [1.0, 0.0]])))
try:
    torch.multinomial(p, 5)
except RuntimeError as e:
    print(e)
try:
    torch.multinomial(torch.tensor([0.5, -1.0]), 1)
except RuntimeError as e:
    print(e)

# expected output:
# tensor([3, 3, 2, 3, 3])
# tensor([2, 1])
# tensor([[1],
#         [0]])
# cannot sample n_sample > prob_dist.size(-1) samples without replacement
# probability tensor contains either `inf`, `nan` or element < 0
# expected explain: graph_count=1 graph_break_count=1
