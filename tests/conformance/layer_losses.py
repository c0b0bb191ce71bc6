import torch
import torch.nn.functional as F

logits = torch.tensor([[1., 2., 3.], [1., 0., 0.], [0.5, 0.5, 2.]])
t = torch.tensor([2, 0, 1])

@torch.compile
def f(logits, t):
    return F.cross_entropy(logits, t), F.nll_loss(F.log_softmax(logits, 1), t, reduction="sum")

print(f(logits, t))
print(F.cross_entropy(logits, torch.tensor([2, -100, 1])))
print(F.cross_entropy(logits, t, weight=torch.tensor([1., 2., 0.5]), reduction="none"))
print(F.cross_entropy(logits, torch.tensor([[0., 0., 1.], [0.5, 0.5, 0.], [0., 1., 0.]])))
print(F.mse_loss(logits, torch.ones(3, 3)), F.mse_loss(logits[0], torch.zeros(3), reduction="sum"))

# expected output:
# (tensor(0.9427), tensor(2.8280))
# tensor(1.1383)
# tensor([0.2038, 0.5514, 3.7380])
# tensor(1.1093)
# tensor(0.9444) tensor(14.)
