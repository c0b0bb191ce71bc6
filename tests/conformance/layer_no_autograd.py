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
attempt(lambda: x.grad)
attempt(lambda: torch.optim.SGD(m.parameters(), lr=0.1))
attempt(lambda: x.requires_grad_())
print(x.requires_grad, m.weight.requires_grad, x.requires_grad_(False))
with torch.no_grad():
    print(m(torch.zeros(1, 2)).shape)
t = torch.ones(3, requires_grad=True)

# expected (hand)
# expected output:
# NotImplementedError: autograd is not supported by dynawasm: .backward() (tensors record no gradients here)
# NotImplementedError: autograd is not supported by dynawasm: .grad (tensors record no gradients here)
# NotImplementedError: autograd is not supported by dynawasm: torch.optim.SGD needs gradients (tensors record no gradients here)
# NotImplementedError: autograd is not supported by dynawasm: requires_grad_(True) (tensors record no gradients here)
# False True tensor([1., 1.])
# torch.Size([1, 1])
# expected error: NotImplementedError: autograd is not supported by dynawasm: requires_grad=True (tensors record no gradients here)
# expected error line: 19
