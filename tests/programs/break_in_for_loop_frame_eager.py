import torch

def helper(x):
    return x * 2  # traced

@torch.compile
def f(x):
    total = x + 0  # traced
    for i in range(3):  # not traced
        print("step", i)  # not traced, graph break: unsupported_call
        total = total + helper(x)  # not traced
    return total  # traced

print(f(torch.ones(2)))
print(f(torch.ones(2)))

# A break inside a for loop body (test_for_loops.py): the graph before the
# loop compiles (x + 0), the whole loop runs eagerly and tracing resumes
# after it (`return total`: no op, no graph). helper, called from the eager
# loop, is compiled as its own frame once and then hit in the cache.
# expected output:
# step 0
# step 1
# step 2
# tensor([7., 7.])
# step 0
# step 1
# step 2
# tensor([7., 7.])
# expected explain: graph_count=2 graph_break_count=1
