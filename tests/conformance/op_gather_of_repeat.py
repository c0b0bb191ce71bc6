import torch

# a gather (x[index], index_select, gather) whose source is a repeat (a
# reshaped, expanded copy): its rows are not at one stride from each other,
# so the compiled kernel reads a materialised copy
x = torch.tensor([[1, 2, 3], [4, 5, 6]], dtype=torch.int32)

@torch.compile
def f(x, i):
    r = x.repeat(2, 1)
    return r[[3]] * 1, r.index_select(0, i), torch.gather(r.float(), 0, i.reshape(3, 1).expand(3, 3))

a, b, c = f(x, torch.tensor([3, 0, 2]))
print(a)
print(b)
print(c)
print(torch.compile(lambda t: t.repeat(3)[torch.tensor([5, 0, 8])])(torch.arange(3.0)))

# expected output:
# tensor([[4, 5, 6]], dtype=torch.int32)
# tensor([[4, 5, 6],
#         [1, 2, 3],
#         [1, 2, 3]], dtype=torch.int32)
# tensor([[4., 5., 6.],
#         [1., 2., 3.],
#         [1., 2., 3.]])
# tensor([2., 0., 2.])
