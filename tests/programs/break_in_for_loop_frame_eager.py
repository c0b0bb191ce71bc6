import torch

def helper(x):
    return x * 2  # traced

@torch.compile
def f(x):
    total = x + 0  # not traced
    for i in range(3):  # not traced
        print("step", i)  # not traced, graph break: unsupported_call
        total = total + helper(x)  # not traced
    return total  # not traced

print(f(torch.ones(2)))
print(f(torch.ones(2)))

# A break inside a loop body skips the whole frame (its trace is thrown
# away); helper, called from the eager frame, is compiled as its own frame
# once and then hit in the cache. The skipped frame is not traced again on
# the second call.
# expected output:
# step 0
# step 1
# step 2
# tensor([7., 7.])
# step 0
# step 1
# step 2
# tensor([7., 7.])
# expected explain: graph_count=1 graph_break_count=1
