import torch

def f(x, n):
    return x * n  # traced

c = torch.compile(f)
x = torch.ones(3)
torch._dynamo.mark_dynamic(x, 0)
print(c(x, 2))
print(c(torch.ones(5), 3))
print(c(torch.ones(7), 4))
try:
    torch._dynamo.mark_dynamic(x, "0")
except AssertionError as e:
    print("AssertionError", repr(str(e)))

# mark_dynamic makes dim 0 symbolic from the first call; the int n is
# specialised on its first value, and its change on the second call makes
# it a dynamic int (a SymInt input): 2 graphs for 3 calls. A dim that is
# neither an int nor a list/tuple is PyTorch's AssertionError.
# expected output:
# tensor([2., 2., 2.])
# tensor([3., 3., 3., 3., 3.])
# tensor([4., 4., 4., 4., 4., 4., 4.])
# AssertionError ''
# expected explain: graph_count=2 graph_break_count=0
