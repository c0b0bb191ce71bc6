import torch

torch._dynamo.config.suppress_errors = True

@torch.compile
def bad(x):
    y = x + 1  # traced, not traced
    return y @ torch.ones(3, 3)  # traced, not traced, suppressed error

print(bad(torch.ones(3, 3)).sum())
print(bad(torch.ones(2, 2)))

# The first call compiles. The second recompiles for the new shape, and
# the matmul fails over fake tensors: Dynamo's TorchRuntimeError, which
# suppress_errors turns into a WON'T CONVERT warning and an eager run of
# the frame (convert_frame.py), where the matmul raises its error for real.
# expected output:
# tensor(54.)
# expected error: RuntimeError: mat1 and mat2 shapes cannot be multiplied (2x2 and 3x3)
# expected error line: 8
# expected explain: graph_count=1 graph_break_count=0
