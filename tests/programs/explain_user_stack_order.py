import torch

def helper(x):
    y = x * 2
    torch._dynamo.graph_break()
    return y + 1

def f(x):
    y = x.cos()
    return helper(y)

text = str(torch._dynamo.explain(f)(torch.zeros(2)))
outer_first = f"      <FrameSummary file {__file__}, line 10 in f>\n      <FrameSummary file {__file__}, line 5 in helper>\n"
inner_first = f"      <FrameSummary file {__file__}, line 5 in helper>\n      <FrameSummary file {__file__}, line 10 in f>\n"
print(outer_first in text, inner_first in text)

# A break inside an inlined helper has a two-frame user stack, listed like a
# Python traceback (PyTorch's break_reason.user_stack): outermost frame first,
# the frame of the break last.
# expected output:
# True False
