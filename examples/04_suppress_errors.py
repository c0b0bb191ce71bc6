# When the compiler itself fails, suppress_errors keeps the program going:
# the frame runs eagerly, a warning goes to stderr, and calls with other
# guards try again. (The testing backend fails on any graph with relu.)
import torch

torch._dynamo.config.suppress_errors = True

@torch.compile(backend="relu_compile_error_TESTING_ONLY")
def block(x):
    y = x * 2 - 1
    return torch.relu(y) + helper(y)

def helper(y):
    return y.sin()

print(block(torch.tensor([0.0, 1.0, 2.0])))
print(block(torch.tensor([0.0, 1.0, 2.0])))
