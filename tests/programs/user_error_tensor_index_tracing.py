import torch

torch._dynamo.config.suppress_errors = True

@torch.compile
def f(x):
    y = x * 2
    return y[5]

print(f(torch.ones(3)))

# An out-of-range tensor index found while tracing (on fake tensors) is a
# user error, with PyTorch's message.
# expected output:
# expected error: IndexError: index 5 is out of bounds for dimension 0 with size 3
# expected error line: 8
