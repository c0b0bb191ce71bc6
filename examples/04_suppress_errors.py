# When the compiler itself fails, suppress_errors keeps the program going:
# the frame runs eagerly, a warning goes to stderr, and calls with other
# guards try again. (The testing backend fails on any graph with relu.)
import torch

torch._dynamo.config.suppress_errors = True

@torch.compile(backend="relu_compile_error_TESTING_ONLY")
def block(x):
    y = x * 2 - 1  # not traced
    return torch.relu(y) + helper(y)  # not traced, suppressed error

def helper(y):
    return y.sin()  # traced

print(block(torch.tensor([0.0, 1.0, 2.0])))
print(block(torch.tensor([0.0, 1.0, 2.0])))

# expected output:
# tensor([-0.8415,  1.8415,  3.1411])
# tensor([-0.8415,  1.8415,  3.1411])
# expected explain: graph_count=1 graph_break_count=0
