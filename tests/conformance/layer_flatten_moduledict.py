import torch
import torch.nn as nn

x = torch.arange(24.).reshape(2, 3, 4)
print(nn.Flatten()(x).shape, nn.Flatten(0, 1)(x).shape)
print(nn.Unflatten(2, (2, 2))(x).shape)
d = nn.ModuleDict({"a": nn.Linear(4, 2), "b": nn.ReLU()})
d["c"] = nn.Flatten()
print(len(d), list(d.keys()), "b" in d, "z" in d)
print([n for n, _ in d.named_parameters()])
d.load_state_dict({"a.weight": torch.ones(2, 4), "a.bias": torch.zeros(2)})

@torch.compile
def f(x):
    return d["c"](d["b"](d["a"](x) - 20))

print(f(x))

# expected output:
# torch.Size([2, 12]) torch.Size([6, 4])
# torch.Size([2, 3, 2, 2])
# 3 ['a', 'b', 'c'] True False
# ['a.weight', 'a.bias']
# tensor([[ 0.,  0.,  2.,  2., 18., 18.],
#         [34., 34., 50., 50., 66., 66.]], grad_fn=<CompiledFunctionBackward>)
