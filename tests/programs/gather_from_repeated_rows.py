import torch

@torch.compile
def f(x):
    return x.repeat(2, 1)[[3, 0]] * 1  # traced

print(f(torch.tensor([[1, 2, 3], [4, 5, 6]], dtype=torch.int32)))
print(f(torch.tensor([[1.5, 2.0], [-4.0, 0.5]])))

# x.repeat(2, 1) has the rows of x twice (x[0], x[1], x[0], x[1]); indexing
# it with the list [3, 0] picks rows 3 and 0. The WebAssembly kernel must
# not read the repeated rows as if they were evenly spaced in x (row 3 is
# x[1], not three rows past x[0]).
# expected output:
# tensor([[4, 5, 6],
#         [1, 2, 3]], dtype=torch.int32)
# tensor([[-4.0000,  0.5000],
#         [ 1.5000,  2.0000]])
# expected explain: graph_count=2 graph_break_count=0
