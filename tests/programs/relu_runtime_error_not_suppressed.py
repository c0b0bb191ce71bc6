import torch

torch._dynamo.config.suppress_errors = True

@torch.compile(backend="relu_runtime_error_TESTING_ONLY")
def f(x):
    y = x * 2  # traced
    z = torch.relu(y)  # traced
    return z + 1  # traced

print("before")
print(f(torch.ones(2)))
print("after")

# The backend compiles the graph; the compiled code fails when run. That is no
# compiler error, so suppress_errors does not apply. The error points at the
# relu line; the lines were traced and their graph compiled.
# expected output:
# before
# expected error: AssertionError: ReluRuntimeError
# expected error line: 8
# expected explain: graph_count=1 graph_break_count=0
