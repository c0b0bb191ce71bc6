import torch

torch._dynamo.config.suppress_errors = True

@torch.compile(backend="relu_compile_error_TESTING_ONLY")
def f(x, use_relu):
    y = x - 1  # traced, not traced
    if use_relu:  # traced, not traced
        y = torch.relu(y)  # not traced, suppressed error
    return y * 2  # traced, not traced

x = torch.tensor([0.0, 2.0])
print(f(x, True))
print(f(x, True))
print(f(x, False))
print(f(x, False))

# docs/semantics.md: the failure is remembered for its guards (the second call runs
# eagerly without retrying); a call with new guards (use_relu=False) tries
# again and compiles.
# expected output:
# tensor([0., 2.])
# tensor([0., 2.])
# tensor([-2.,  2.])
# tensor([-2.,  2.])
# expected explain: graph_count=1 graph_break_count=0
