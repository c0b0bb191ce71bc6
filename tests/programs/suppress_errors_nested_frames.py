import torch

torch._dynamo.config.suppress_errors = True

def helper(x):
    return x * 3  # traced

@torch.compile(backend="relu_compile_error_TESTING_ONLY")
def f(x):
    y = torch.relu(x - 1)  # not traced, suppressed error
    return helper(y) + 1  # not traced

print(f(torch.tensor([0.0, 1.0, 2.0, 3.0])))

# f's graph (with helper inlined) fails to compile: f runs eagerly, and
# helper, called from the eager f inside the compile context, is compiled as
# its own frame (no relu, so it compiles).
# expected output:
# tensor([1., 1., 4., 7.])
# expected explain: graph_count=1 graph_break_count=0
