import torch
@torch.compile(backend="relu_compile_error_TESTING_ONLY")
def f(x):
    return torch.relu(x - 2) * 2
print(f(torch.ones(4)))
