import torch

@torch.compile
def f(x, d):
    y = x + 1  # traced
    try:  # traced
        scale = d["scale"]  # traced
    except KeyError:
        scale = 10  # traced
    return y * scale  # traced

print(f(torch.ones(2), {}))

# try/except in a traced frame is traced, as recent Dynamo does
# (test_exceptions.py test_key_error): the KeyError of the lookup goes to
# the handler, which is traced too: one graph, no break.
# expected output:
# tensor([20., 20.])
# expected explain: graph_count=1 graph_break_count=0
