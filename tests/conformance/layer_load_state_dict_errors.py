import torch
import torch.nn as nn

lin = nn.Linear(3, 2)
print(lin.load_state_dict({"weight": torch.zeros(2, 3), "bias": torch.zeros(2)}))
print(lin.load_state_dict({"weight": torch.ones(2, 3)}, strict=False))
try:
    lin.load_state_dict({"weight": torch.zeros(3, 3), "extra": torch.zeros(1)})
except RuntimeError as e:
    print(repr(str(e)))
try:
    lin.load_state_dict({"weight": torch.zeros(2, 4), "bias": torch.zeros(2)})
except RuntimeError as e:
    print(repr(str(e)))
with torch.no_grad():  # outside, PyTorch's sum would print grad_fn=<SumBackward0>
    print(lin.weight.sum())
print(lin.bias)

# expected output:
# <All keys matched successfully>
# _IncompatibleKeys(missing_keys=['bias'], unexpected_keys=[])
# 'Error(s) in loading state_dict for Linear:\n\tMissing key(s) in state_dict: "bias". \n\tUnexpected key(s) in state_dict: "extra". \n\tsize mismatch for weight: copying a param with shape torch.Size([3, 3]) from checkpoint, the shape in current model is torch.Size([2, 3]).'
# 'Error(s) in loading state_dict for Linear:\n\tsize mismatch for weight: copying a param with shape torch.Size([2, 4]) from checkpoint, the shape in current model is torch.Size([2, 3]).'
# tensor(6.)
# Parameter containing:
# tensor([0., 0.], requires_grad=True)
