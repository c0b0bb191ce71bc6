import torch

@torch.compile(fullgraph=True)
def f(x):
    y = x * 2
    print("y is", y)
    return y + 1

print("start")
print(f(torch.ones(2)))

# expected output:
# start
# expected error: Unsupported:
# expected error line: 6
