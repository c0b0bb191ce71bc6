import torch

@torch.compile
def f(x):
    x = torch.cos(x)  # traced
    try:  # not traced
        x = torch.sin(x)  # not traced
        raise ValueError("boom")  # not traced, graph break: unsupported_syntax
    except KeyError:
        x = x * 100
    return x

f(torch.zeros(2))

# No handler of the traced code matches: Dynamo's "Observed exception"
# (GB0088) at the top-level frame. The graph before the try compiles, the
# rest of the frame runs eagerly and raises the user's exception.
# expected error: ValueError: boom
# expected error line: 8
# expected explain: graph_count=1 graph_break_count=1
