import torch

torch._dynamo.config.suppress_errors = True

@torch.compile
def f(a, b):
    s = a * 2
    print("halfway")
    return s + b

print(f(torch.ones(3), torch.ones(4)))

# The mismatch is found while tracing the resume unit after the break.
# expected output:
# halfway
# expected error: RuntimeError: The size of tensor a (3) must match the size of tensor b (4) at non-singleton dimension 0
# expected error line: 9
