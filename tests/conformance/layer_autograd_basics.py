import torch
import torch.nn as nn

def attempt(f):
    try:
        f()
    except Exception as e:
        print(type(e).__name__ + ":", e)

x = torch.ones(2)
m = nn.Linear(2, 1)
attempt(lambda: x.sum().backward())
print(x.grad)
attempt(lambda: x.requires_grad_())
print(x.requires_grad, m.weight.requires_grad, x.requires_grad_(False))
with torch.no_grad():
    print(m(torch.zeros(1, 2)).shape)
    print(m(torch.zeros(1, 2)).requires_grad)
print(m(torch.zeros(1, 2)).requires_grad)
t = torch.ones(3, requires_grad=True)
print(t)

# PyTorch's autograd rules and messages, by hand
# expected (hand)
# expected output:
# RuntimeError: element 0 of tensors does not require grad and does not have a grad_fn
# None
# True True tensor([1., 1.])
# torch.Size([1, 1])
# False
# True
# tensor([1., 1., 1.], requires_grad=True)
