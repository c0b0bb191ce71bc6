import torch

torch._dynamo.config.suppress_errors = True

@torch.compiler.disable
def fn1(x):  # disabled
    return torch.sin(x) * 10  # not traced

@torch.compile
def fn2(x):
    x = x + 1  # traced
    x = fn1(x)  # traced, graph break: disabled_call
    return x + 1  # traced

@torch.compile(fullgraph=True)
def fn3(x):
    return fn2(x)

print(fn2(torch.zeros(2)))
print(fn3(torch.zeros(2)))

# PyTorch test_decorators.test_nested_disable_decorator: fn3 (fullgraph)
# inlines fn2, which calls a disabled function: Unsupported, even with
# suppress_errors.
# expected output:
# tensor([9.4147, 9.4147])
# expected error: Unsupported: Skip calling `torch.compiler.disable()`d function
# expected error line: 12
