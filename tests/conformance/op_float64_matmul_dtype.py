import torch

a = torch.ones(2, 3)
b = torch.ones(3, 2, dtype=torch.float64)
print((a.double() @ b).dtype, (a @ b.float()).dtype)
print(a @ b)

# expected (hand)
# expected output:
# torch.float64 torch.float32
# expected error: RuntimeError: expected m1 and m2 to have the same dtype, but got: float != double
# expected error line: 6
