import torch

torch._dynamo.config.suppress_errors = True

@torch.compile(backend="relu_compile_error_TESTING_ONLY", fullgraph=True)
def f(x):
    y = x * 2
    return torch.relu(y)

print("start")
print(f(torch.ones(2)))

# fullgraph=True: compiler errors are not suppressed either (PyTorch's
# fullgraph path has no suppress_errors handler).
# expected output:
# start
# expected error: BackendCompilerFailed: backend='relu_compile_error_TESTING_ONLY' raised:
# expected error line: 11
