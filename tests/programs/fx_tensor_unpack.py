import torch

# Iterating over a tensor or unpacking it in a traced frame: Dynamo unpacks
# the tensor when the iteration starts (TensorVariable.unpack_var_sequence:
# one getitem node x[i] per row, all before the loop body), and each row is
# named after the loop variable it is stored in (r, then r_1).


def show(gm, example_inputs):
    print(gm.code.strip())
    return gm.forward


def f(x):
    rows = [r * 2 for r in x]
    a, b = x
    return rows[0] + rows[1], a - b


torch.compile(f, backend=show)(torch.ones(2, 3))
cnt = torch._dynamo.testing.CompileCounter()
torch.compile(f, backend=cnt)(torch.ones(2, 3))
print("frame_count", cnt.frame_count, "op_count", cnt.op_count)


# expected output:
# def forward(self, L_x_ : torch.Tensor):
#     l_x_ = L_x_
#     r = l_x_[0]
#     r_1 = l_x_[1]
#     mul = r * 2;  r = None
#     mul_1 = r_1 * 2;  r_1 = None
#     a = l_x_[0]
#     b = l_x_[1];  l_x_ = None
#     add = mul + mul_1;  mul = mul_1 = None
#     sub = a - b;  a = b = None
#     return (add, sub)
# frame_count 1 op_count 8
