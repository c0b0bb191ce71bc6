# torch._dynamo.testing.same (torch/_dynamo/utils.py same) compares the
# dtypes of two tensors first when exact_dtype (its default): "dtype
# mismatch" is False even when the values are equal; exact_dtype=False
# compares the values only. It used to ignore dtypes.
import torch
from torch._dynamo.testing import same

a = torch.ones(3)
print(same(a, a.double()), same(a, a.double(), exact_dtype=False))
print(same(a, a.clone()), same(a.long(), a.int()), same(a.long(), a.int(), exact_dtype=False))
print(same([a, a.long()], [a, a.int()]), same([a, a.long()], [a, a.long()]))

# expected output:
# False True
# True False True
# False True
