import torch

def helper(x):
    print("in helper")  # traced, graph break: unsupported_call
    return x + 1  # traced

@torch.compile
def f(x):
    for i in range(2):  # not traced
        x = helper(x)  # not traced, graph break: unsupported_call
    return x  # traced

print(f(torch.zeros(2)))

# The inlined helper breaks, so the caller breaks at the call line, which is
# in a for loop: the loop runs eagerly and tracing resumes after it (no op:
# no graph). helper runs as its own frame (empty graph before the print,
# x + 1 after it; the second call hits the cache).
# expected output:
# in helper
# in helper
# tensor([2., 2.])
# expected explain: graph_count=1 graph_break_count=2
