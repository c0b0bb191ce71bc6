import torch

@torch.compiler.disable
def log(x):
    print("log", x)
    return x

@torch.compile(fullgraph=True)
def f(x):
    y = x + 1
    y = log(y)
    return y * 2

print("start")
print(f(torch.ones(2)))

# expected output:
# start
# expected error: Unsupported: Skip calling `torch.compiler.disable()`d function
# expected error line: 11
