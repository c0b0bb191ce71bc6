import torch

@torch.compile(backend="eager", fullgraph=True)
def f(x):
    x = x + 1
    torch._dynamo.graph_break(msg="why not")
    return x

try:
    f(torch.ones(2))
except torch._dynamo.exc.Unsupported as e:
    print(e)

# The message of a break PyTorch's graph-break registry knows (GB0025), as
# exc.py format_graph_break_message writes it, then the user stack
# (augment_exc_message).
# expected output:
# Call to `torch._dynamo.graph_break()`
#   Explanation: User-inserted graph break. Message: why not
#   Hint: Remove the `torch._dynamo.graph_break()` call.
#
#   Developer debug context: Called `torch._dynamo.graph_break()` with args `[]`, kwargs `{'msg': ConstantVariable(str: 'why not')}`
#
#  For more details about this graph break, please visit: https://meta-pytorch.github.io/compile-graph-break-site/gb/gb0025.html
#
# from user code:
#    File "tests/programs/graph_break_message_fullgraph.py", line 6, in f
#     torch._dynamo.graph_break(msg="why not")
#
# Set TORCHDYNAMO_VERBOSE=1 for the internal stack trace (please do this especially if you're reporting a bug to PyTorch). For even more developer context, set TORCH_LOGS="+dynamo"
#
