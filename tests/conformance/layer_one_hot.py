import torch
import torch.nn.functional as F

@torch.compile
def f(x):
    return F.one_hot(x, 4)

print(f(torch.tensor([0, 3, 1])))
print(F.one_hot(torch.tensor([[2], [0]])))
print(f(torch.tensor([1, 4])))

# expected output:
# tensor([[1, 0, 0, 0],
#         [0, 0, 0, 1],
#         [0, 1, 0, 0]])
# tensor([[[0, 0, 1]],
#
#         [[1, 0, 0]]])
# expected error: RuntimeError: Class values must be smaller than num_classes.
# expected error line: 6
