import torch

torch._dynamo.config.suppress_errors = True

@torch.compile
def f(x):
    y = x + 1
    return y * missing_scale

print("start")
print(f(torch.ones(2)))
print("never printed")

# A NameError found while tracing is a user error: raised, not suppressed.
# expected output:
# start
# expected error: NameError: name 'missing_scale' is not defined
# expected error line: 8
