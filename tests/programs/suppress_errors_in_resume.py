import torch

torch._dynamo.config.suppress_errors = True

@torch.compile(backend="relu_compile_error_TESTING_ONLY")
def f(x):
    y = x + 1  # traced
    print("break")  # traced, graph break: unsupported_call
    z = torch.relu(y - 3)  # not traced, suppressed error
    return z * 2  # not traced

print(f(torch.tensor([1.0, 4.0])))

# The graph before the break compiles; the resume unit's graph contains relu
# and fails: only the resume unit runs eagerly.
# expected output:
# break
# tensor([0., 4.])
# expected explain: graph_count=1 graph_break_count=1
