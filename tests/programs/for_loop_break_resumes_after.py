import torch

total = 0

@torch.compile
def f(x):
    global total
    y = x + 1  # traced
    items = []  # traced
    d = {}  # traced
    found = False  # traced
    for i in range(5):  # not traced
        torch._dynamo.graph_break()  # not traced, graph break: graph_break_call
        if i == 3:  # not traced
            break  # not traced
        if i == 1:  # not traced
            continue  # not traced
        items.append(i)  # not traced
        d[i] = i * 2  # not traced
        total += i  # not traced
    else:
        found = True
    z = x + sum(items) + sum(d.values()) + total  # traced
    return y, z, found  # traced

print(f(torch.zeros(2)))
print(total)

# test_for_loops.py: a graph break in a for loop body compiles the graph
# before the loop, runs the whole loop eagerly (break, continue, the `else`
# it skips, mutations of outer lists, dicts and globals) and resumes tracing
# after it: 2 graphs.
# expected output:
# (tensor([1., 1.]), tensor([8., 8.]), False)
# 2
# expected explain: graph_count=2 graph_break_count=1
