import torch

a = torch.ones(2, 3)
print(torch.einsum("ij,jk->ik", a))

# expected output:
# expected error: RuntimeError: einsum(): fewer operands were provided than specified in the equation
# expected error line: 4
