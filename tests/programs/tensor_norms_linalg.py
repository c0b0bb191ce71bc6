# Tensor.norm / torch.norm (p='fro' by default: the 2-norm of all
# elements), torch.linalg.vector_norm / matrix_norm / norm: ord 1, 2, inf
# for vectors; 'fro', 1 (largest column sum), inf (largest row sum) for
# matrices; dim and keepdim; eagerly and traced. By hand, m = [[1, -2],
# [3, 4]]: fro = sqrt(1 + 4 + 9 + 16) = sqrt(30) = 5.4772, row 2-norms
# sqrt(5) = 2.2361 and 5, column sums of |m| 4 and 6, row sums 3 and 7,
# the 3-norm of [1, -2] (1 + 8)^(1/3) = 2.0801.
import torch

m = torch.tensor([[1.0, -2.0], [3.0, 4.0]])

@torch.compile
def norms(m):
    a = m.norm()  # traced
    b = torch.norm(m, dim=1)  # traced
    c = torch.linalg.norm(m)  # traced
    d = torch.linalg.vector_norm(m, ord=1)  # traced
    e = torch.linalg.matrix_norm(m, ord=1)  # traced
    f = torch.linalg.norm(m, float("inf"))  # traced
    g = torch.linalg.vector_norm(m, ord=float("inf"), dim=0, keepdim=True)  # traced
    h = m[0].norm(p=3)  # traced
    return a, b, c, d, e, f, g, h

for r in norms(m):
    print(r)
print(torch.linalg.matrix_norm(m, ord=float("-inf")), torch.linalg.norm(m, dim=(0, 1)), torch.linalg.vector_norm(m, ord=0))
print(torch.norm(torch.tensor([3.0, 4.0]), p=1), torch.norm(m, p="fro", dim=0))
try:
    torch.linalg.norm(torch.tensor([1, 2]))
except RuntimeError as e:
    print(e)
try:
    torch.linalg.matrix_norm(torch.tensor([1.0]))
except RuntimeError as e:
    print(e)
print(torch.linalg.vector_norm(torch.ones(0, 2), float("inf"), dim=1))
try:
    torch.linalg.vector_norm(torch.ones(0, 2), float("inf"))
except RuntimeError as e:
    print(e)

# expected output:
# tensor(5.4772)
# tensor([2.2361, 5.0000])
# tensor(5.4772)
# tensor(10.)
# tensor(6.)
# tensor(7.)
# tensor([[3., 4.]])
# tensor(2.0801)
# tensor(3.) tensor(5.4772) tensor(4.)
# tensor(7.) tensor([3.1623, 4.4721])
# linalg.vector_norm: Expected a floating point or complex tensor as input. Got Long
# linalg.matrix_norm: The input tensor A must have at least 2 dimensions.
# tensor([])
# linalg.vector_norm cannot compute the inf norm on an empty tensor because the operation does not have an identity
# expected explain: graph_count=1 graph_break_count=0
