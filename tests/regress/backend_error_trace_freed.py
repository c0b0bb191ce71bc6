# A backend that fails to compile a graph, with suppress_errors off (issue
# 14: found by fuzz_diff on its first pass over the seeds, fixed in
# unit_finish by 8f61c0f). The failure raises BackendCompilerFailed and
# rolls the unit back, which frees its trace; unit_finish then cleared the
# trace's pending break in the freed memory (heap-use-after-free under
# ASan). Each call traces and fails again (PyTorch does not cache a failed
# compile when it raises), the traced side effects are taken back (Dynamo
# applies them only after the graph has run), callers catch it like any
# RuntimeError (BackendCompilerFailed derives from it through
# TorchDynamoException), and a graph without relu compiles.
import torch

L = []

@torch.compile(backend="relu_compile_error_TESTING_ONLY")
def f(x):
    L.append(x * 2)
    y = x - 2
    return torch.relu(y) * 2

def g(x):
    return f(x) + 1

for k in range(3):
    try:
        print(g(torch.ones(2) * k))
    except RuntimeError as e:
        print(k, type(e).__name__, len(L))

@torch.compile(backend="relu_compile_error_TESTING_ONLY")
def h(x):
    return x * 3

print(h(torch.ones(2)), L)

# expected output:
# 0 BackendCompilerFailed 0
# 1 BackendCompilerFailed 0
# 2 BackendCompilerFailed 0
# tensor([3., 3.]) []
