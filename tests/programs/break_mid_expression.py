import torch

@torch.compiler.disable
def unsupported(a, b):  # disabled
    return b  # not traced

@torch.compile
def f(a, b):
    t1 = 1.23 * a  # traced
    t2 = 4.56 * a  # traced
    c1 = a - b  # traced
    c2 = b - a  # traced
    return t1 / (t2 - unsupported(c1, c2))  # traced, graph break: disabled_call

print(f(torch.ones(3), torch.full((3,), -2.0)))
print(f(torch.full((3,), -2.0), torch.ones(3)))

# test_subgraphs.py test_stack_state1: the break happens with t1 and t2
# pending on the stack. Tracing resumes at the next bytecode, so the
# subtraction and the division after the call are a second graph (Dynamo:
# frame_count 2, op_count 6); the second call hits both cache entries.
# expected output:
# tensor([0.1627, 0.1627, 0.1627])
# tensor([0.2030, 0.2030, 0.2030])
# expected explain: graph_count=2 graph_break_count=1 op_count=6
