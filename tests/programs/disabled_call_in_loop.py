import torch

@torch.compiler.disable
def log(i):  # disabled
    print("iter", i)  # not traced

@torch.compile
def f(x):
    for i in range(2):  # not traced
        x = x * 2  # not traced
        log(i)  # not traced, graph break: disabled_call
    return x  # traced

print(f(torch.ones(2)))

# A disabled call inside a for loop is a break in a loop: the loop runs
# eagerly (the graph before it would have no op) and tracing resumes after
# it (`return x`: no op, no graph).
# expected output:
# iter 0
# iter 1
# tensor([4., 4.])
# expected explain: graph_count=0 graph_break_count=1
