import torch

print(torch.tensor(range(5)))
print(torch.tensor([range(2), range(2)], dtype=torch.float32))

@torch.compile
def f(x, n):
    return x * torch.tensor(range(n))  # traced

print(f(torch.ones(3), 3))

# torch.tensor reads a range as the sequence of its ints (int64), nested in
# lists too, eagerly and in a traced frame (test_misc.py and the tutorials
# build index tensors with torch.tensor(range(n))).
# expected output:
# tensor([0, 1, 2, 3, 4])
# tensor([[0., 1.],
#         [0., 1.]])
# tensor([0., 1., 2.])
# expected explain: graph_count=1 graph_break_count=0
