import torch

# At the frame's return, Dynamo's graph outputs only what the frame
# returns (and what outlives it): tensors held by a local list, tuple or
# dict die with the frame and are not graph outputs (they used to be, the
# containers' items counted as still referenced).


def show(gm, example_inputs):
    print(gm.code.strip())
    return gm.forward


def f(x):
    rows = [x * 2, x * 3]
    d = {"a": x + 1, "b": (x - 1, x.sin())}
    return rows[0] + rows[1] + d["a"] * d["b"][1]


keep = []


def g(x):
    rows = [x * 2, x * 3]
    keep.append(rows)  # outlives the frame: rows' tensors stay outputs
    return rows[0] + 1


torch.compile(f, backend=show)(torch.ones(2))
print(torch.compile(g)(torch.ones(2)), len(keep), keep[0][0], keep[0][1])

# expected output:
# def forward(self, L_x_ : torch.Tensor):
#     l_x_ = L_x_
#     mul = l_x_ * 2
#     mul_1 = l_x_ * 3
#     add = l_x_ + 1
#     sub = l_x_ - 1;  sub = None
#     sin = l_x_.sin();  l_x_ = None
#     add_1 = mul + mul_1;  mul = mul_1 = None
#     mul_2 = add * sin;  add = sin = None
#     add_2 = add_1 + mul_2;  add_1 = mul_2 = None
#     return (add_2,)
# tensor([3., 3.]) 1 tensor([2., 2.]) tensor([3., 3.])
