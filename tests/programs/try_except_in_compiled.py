import torch

@torch.compile
def f(x, d):
    y = x + 1  # traced
    try:  # traced, graph break: unsupported_syntax
        scale = d["scale"]  # not traced
    except KeyError:
        scale = 10  # not traced
    return y * scale  # traced

print(f(torch.ones(2), {}))

# try is unsupported syntax: the whole statement runs eagerly (its body lines
# ran eagerly), tracing resumes after it.
# expected output:
# tensor([20., 20.])
# expected explain: graph_count=2 graph_break_count=1
