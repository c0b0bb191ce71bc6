import torch

@torch.compile
def f(x):
    i = 0  # not traced
    while i < 2:  # not traced
        print("step", i)  # not traced, graph break: unsupported_call
        x = x + 1  # not traced
        i += 1  # not traced
    return x  # not traced

print(f(torch.zeros(1)))
print(f(torch.zeros(2)))

# Dynamo skips a frame with a break in a while loop for good (the code, not
# one guard set): a new shape does not trace it again. (A for loop would run
# eagerly as one piece instead, with tracing before and after it.)
# expected output:
# step 0
# step 1
# tensor([2.])
# step 0
# step 1
# tensor([2., 2.])
# expected explain: graph_count=0 graph_break_count=1
