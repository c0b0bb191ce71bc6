# F.interpolate / nn.Upsample (nearest, bilinear with align_corners False
# and True, linear; size or scale_factor) and the binary cross-entropy
# losses F.binary_cross_entropy(_with_logits), nn.BCELoss /
# nn.BCEWithLogitsLoss (weight, pos_weight, reduction); eagerly and traced
# in one graph. Expected values by hand: bilinear without align_corners
# samples source x = (i + 0.5) / 2 - 0.5 clamped at 0 (0, 0.25, 0.75, 1
# of the row [0, 1]); BCE of p = [0.9, 0.2, 0.6], t = [1, 0, 1] is
# -(ln 0.9 + ln 0.8 + ln 0.6) / 3 = (0.10536 + 0.22314 + 0.51083) / 3 =
# 0.27978 (weights [1, 2, 3]: 2.08413 / 3 = 0.69471); with logits z =
# [2, -1, 0.5]: ln(1 + e^-2) = 0.12693, ln(1 + e^-1) = 0.31326,
# ln(1 + e^-0.5) = 0.47408, mean 0.30476; pos_weight 2, sum:
# 2 * 0.12693 + 0.31326 + 2 * 0.47408 = 1.51527.
import torch
import torch.nn as nn
import torch.nn.functional as F

up = nn.Upsample(scale_factor=2, mode="bilinear")
loss = nn.BCEWithLogitsLoss(pos_weight=torch.tensor([2.0]), reduction="sum")
print(up, nn.Upsample(size=3), nn.BCELoss(), loss)

@torch.compile
def resize(x):
    a = F.interpolate(x, scale_factor=2, mode="nearest")  # traced
    b = F.interpolate(x, size=(3, 3), mode="bilinear", align_corners=True)  # traced
    return a, b, up(x)  # traced

@torch.compile
def losses(p, t, z):
    a = F.binary_cross_entropy(p, t)  # traced
    b = nn.BCELoss(weight=torch.tensor([1.0, 2.0, 3.0]))(p, t)  # traced
    c = F.binary_cross_entropy(p, t, reduction="none")  # traced
    d = F.binary_cross_entropy_with_logits(z, t)  # traced
    return a, b, c, d, loss(z, t)  # traced

x = torch.arange(4.0).reshape(1, 1, 2, 2)
for r in resize(x):
    print(r)
print(F.interpolate(torch.arange(3.0).reshape(1, 1, 3), size=5, mode="linear"))
p = torch.tensor([0.9, 0.2, 0.6])
t = torch.tensor([1.0, 0.0, 1.0])
z = torch.tensor([2.0, -1.0, 0.5])
for r in losses(p, t, z):
    print(r)
try:
    F.binary_cross_entropy(p, t[:2])
except ValueError as e:
    print(e)
try:
    F.interpolate(x, size=(2, 2), scale_factor=2)
except ValueError as e:
    print(e)
try:
    F.binary_cross_entropy(torch.tensor([1.5]), torch.tensor([1.0]))
except RuntimeError as e:
    print(e)

# expected output:
# Upsample(scale_factor=2.0, mode='bilinear') Upsample(size=3, mode='nearest') BCELoss() BCEWithLogitsLoss()
# tensor([[[[0., 0., 1., 1.],
#           [0., 0., 1., 1.],
#           [2., 2., 3., 3.],
#           [2., 2., 3., 3.]]]])
# tensor([[[[0.0000, 0.5000, 1.0000],
#           [1.0000, 1.5000, 2.0000],
#           [2.0000, 2.5000, 3.0000]]]])
# tensor([[[[0.0000, 0.2500, 0.7500, 1.0000],
#           [0.5000, 0.7500, 1.2500, 1.5000],
#           [1.5000, 1.7500, 2.2500, 2.5000],
#           [2.0000, 2.2500, 2.7500, 3.0000]]]])
# tensor([[[0.0000, 0.4000, 1.0000, 1.6000, 2.0000]]])
# tensor(0.2798)
# tensor(0.6947)
# tensor([0.1054, 0.2231, 0.5108])
# tensor(0.3048)
# tensor(1.5153)
# Using a target size (torch.Size([2])) that is different to the input size (torch.Size([3])) is deprecated. Please ensure they have the same size.
# only one of size or scale_factor should be defined
# all elements of input should be between 0 and 1
# expected explain: graph_count=2 graph_break_count=0
