# Guards: a compiled frame is specialised on shapes, dtypes and Python
# constants. The Guards pane shows why each recompilation happened.
import torch

@torch.compile
def scale(x, factor):
    return x * factor + 1

print(scale(torch.ones(2), 3))
print(scale(torch.ones(2), 3))      # cache hit
print(scale(torch.ones(3), 3))      # new shape: recompile
print(scale(torch.ones(2), 4))      # new constant: recompile
print(scale(torch.ones(2, dtype=torch.int64), 3))  # new dtype: recompile
