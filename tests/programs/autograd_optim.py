# torch.optim's updates (torch/optim/sgd.py, adam.py single-tensor paths),
# values by hand. Loss (w * w).sum(): gradient 2w, w0 = [1, -2].
# SGD lr=.1 momentum=.9: buf = g = [2, -4], w = [0.8, -1.6]; then
#   g = [1.6, -3.2], buf = .9 buf + g = [3.4, -6.8], w = [0.46, -0.92].
# SGD lr=.1 weight_decay=.5: g + .5w = 2.5w, w = .75w: [.75, -1.5], [.5625, -1.125].
# SGD lr=.1 momentum=.5 nesterov: g + .5 buf = 1.5g = [3, -6], w = [.7, -1.4];
#   g = [1.4, -2.8], buf = .5[2, -4] + g = [2.4, -4.8], g + .5 buf = [2.6, -5.2],
#   w = [.44, -.88].
# Adam lr=.1: step 1 moves each weight by lr against its gradient's sign
#   (m / sqrt(v) = g / |g| after bias correction): [.9, -1.9]; step 2:
#   m = [.36, -.74], v = [.007236, .030424], step_size = .1 / .19,
#   sqrt(1 - .999^2) = .0447102: w = [.9 - .09959, -1.9 + .09983] =
#   [.8004, -1.8002].
# AdamW lr=.1 (weight_decay .01): w (1 - .001) - .1 sign(g) = [.899, -1.898].
# Regression w x ~ 2x, x = [1, 2, 3], loss = mean((w x - 2x)^2) = 14/3 (w - 2)^2,
#   gradient 28/3 (w - 2); SGD lr=.05 scales w - 2 by 1 - 1.4/3 = .53333 each
#   step from -2: losses 18.6667, 5.3096, 1.5103; w = 2 - 2 (.53333)^3 = 1.6966.
import torch
import torch.nn as nn


def run(make, steps=2):
    w = torch.tensor([1.0, -2.0], requires_grad=True)
    opt = make([w])
    for _ in range(steps):
        opt.zero_grad()
        (w * w).sum().backward()
        opt.step()
        print(w)
    return opt


opt = run(lambda p: torch.optim.SGD(p, lr=0.1, momentum=0.9))
print(opt)
run(lambda p: torch.optim.SGD(p, lr=0.1, weight_decay=0.5))
run(lambda p: torch.optim.SGD(p, lr=0.1, momentum=0.5, nesterov=True))
opt = run(lambda p: torch.optim.Adam(p, lr=0.1))
sd = opt.state_dict()
print(sd["state"][0]["step"], sd["param_groups"][0]["params"], sd["param_groups"][0]["betas"])
run(lambda p: torch.optim.AdamW(p, lr=0.1), steps=1)

w = nn.Parameter(torch.zeros(1))
x = torch.tensor([1.0, 2.0, 3.0])
opt = torch.optim.SGD([w], lr=0.05)
for step in range(3):
    opt.zero_grad()
    loss = ((w * x - 2 * x) ** 2).mean()
    print(f"{loss.item():.4f}")
    loss.backward()
    opt.step()
print(f"{w.item():.4f}")
opt.zero_grad()
print(w.grad)
print(opt.param_groups[0]["lr"])
opt.param_groups[0]["lr"] = 0.0
((w * x) ** 2).mean().backward()
opt.step()
print(f"{w.item():.4f}")

# a model
torch.manual_seed(0)
m = nn.Sequential(nn.Linear(2, 4), nn.Tanh(), nn.Linear(4, 1))
opt = torch.optim.Adam(m.parameters(), lr=0.01)
X = torch.tensor([[0.0, 1.0], [1.0, 0.0], [1.0, 1.0], [0.0, 0.0]])
Y = torch.tensor([[1.0], [1.0], [0.0], [0.0]])
first = None
for step in range(200):
    opt.zero_grad()
    loss = nn.functional.mse_loss(m(X), Y)
    if first is None:
        first = loss.item()
    loss.backward()
    opt.step()
print(loss.item() < first / 2, len(opt.state_dict()["state"]))

for bad in (lambda: torch.optim.SGD([], lr=0.1),
            lambda: torch.optim.SGD([w], lr=-1),
            lambda: torch.optim.SGD([w], lr=0.1, nesterov=True),
            lambda: torch.optim.Adam([w], betas=(1.0, 0.999)),
            lambda: torch.optim.SGD([w * 2], lr=0.1)):
    try:
        bad()
    except ValueError as e:
        print(e)

# expected output:
# tensor([ 0.8000, -1.6000], requires_grad=True)
# tensor([ 0.4600, -0.9200], requires_grad=True)
# SGD (
# Parameter Group 0
#     dampening: 0
#     differentiable: False
#     foreach: None
#     fused: None
#     lr: 0.1
#     maximize: False
#     momentum: 0.9
#     nesterov: False
#     weight_decay: 0
# )
# tensor([ 0.7500, -1.5000], requires_grad=True)
# tensor([ 0.5625, -1.1250], requires_grad=True)
# tensor([ 0.7000, -1.4000], requires_grad=True)
# tensor([ 0.4400, -0.8800], requires_grad=True)
# tensor([ 0.9000, -1.9000], requires_grad=True)
# tensor([ 0.8004, -1.8002], requires_grad=True)
# tensor(2.) [0] (0.9, 0.999)
# tensor([ 0.8990, -1.8980], requires_grad=True)
# 18.6667
# 5.3096
# 1.5103
# 1.6966
# None
# 0.05
# 1.6966
# True 4
# optimizer got an empty parameter list
# Invalid learning rate: -1
# Nesterov momentum requires a momentum and zero dampening
# Invalid beta parameter at index 0: 1.0
# can't optimize a non-leaf Tensor
