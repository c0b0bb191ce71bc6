import torch

m = torch.nn.Sequential(torch.nn.Linear(2, 3), torch.nn.ReLU())
for name in ["parameters", "named_parameters", "buffers", "named_buffers", "modules",
             "named_modules", "children", "named_children"]:
    g = getattr(m, name)()
    print(type(g).__name__, repr(g).split(" at 0x")[0])
print(next(m.parameters()).shape, next(m.named_parameters())[0])
print(sum(p.numel() for p in m.parameters()), [n for n, _ in m.named_modules()])
g = m.children()
print(type(next(g)).__name__, type(next(g)).__name__, next(g, "end"))
try:
    len(m.parameters())
except TypeError as e:
    print("TypeError", e)

# nn.Module's parameters(), named_parameters(), buffers(), modules(),
# children() and their named_ forms are generators in PyTorch
# (torch/nn/modules/module.py: `yield from` / `yield`): they print as
# <generator object Module.parameters at 0x...>, next() takes one item,
# len() is a TypeError. Expected values derived from module.py and
# CPython's generator repr and len() message.
# expected output:
# generator <generator object Module.parameters
# generator <generator object Module.named_parameters
# generator <generator object Module.buffers
# generator <generator object Module.named_buffers
# generator <generator object Module.modules
# generator <generator object Module.named_modules
# generator <generator object Module.children
# generator <generator object Module.named_children
# torch.Size([3, 2]) 0.weight
# 9 ['', '0', '1']
# Linear ReLU end
# TypeError object of type 'generator' has no len()
