import torch

# The grad mode is program state (there is no autograd, but the mode is
# visible): contexts, decorators, set_grad_enabled as a function, and the
# mode restored when an exception leaves a block.
print(torch.is_grad_enabled())
with torch.no_grad():
    print(torch.is_grad_enabled())
    with torch.enable_grad():
        print(torch.is_grad_enabled())
    print(torch.is_grad_enabled())
try:
    with torch.no_grad():
        raise ValueError("inside")
except ValueError:
    print("restored", torch.is_grad_enabled())


@torch.no_grad()
def eval_step(x):
    return x * 2, torch.is_grad_enabled()


print(eval_step(torch.ones(2)), torch.is_grad_enabled())
with torch.inference_mode():
    print(torch.is_grad_enabled(), torch.is_inference_mode_enabled())
print(torch.is_inference_mode_enabled())


# Compiled: the mode at the graph break is right in the eager part and in
# the resumed graph.
@torch.compile
def f(x):
    y = x + 1  # traced
    with torch.no_grad():
        y = y * 2  # traced
        print("eager part", torch.is_grad_enabled())  # traced, graph break: unsupported_call
        y = y - 1  # traced
    return y, torch.is_grad_enabled()  # traced


print(f(torch.ones(2)))
print(f(torch.ones(2)))


# A compiled function that sets the mode: a call that reuses the compiled
# graph sets it as well.
@torch.compile
def g(x):
    torch.set_grad_enabled(False)  # traced
    return x * 2  # traced


print(g(torch.ones(1)), torch.is_grad_enabled())
torch.set_grad_enabled(True)
print(g(torch.ones(1)), torch.is_grad_enabled())
torch.set_grad_enabled(True)
try:
    torch.set_grad_enabled("yes")
except TypeError as e:
    print(e)

# expected output:
# True
# False
# True
# False
# restored True
# (tensor([2., 2.]), False) True
# False True
# False
# eager part False
# (tensor([3., 3.]), True)
# eager part False
# (tensor([3., 3.]), True)
# tensor([2.]) False
# tensor([2.]) False
# _set_grad_enabled(): argument 'enabled' (position 1) must be bool, not str
