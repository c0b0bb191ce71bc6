import torch
import torch.nn as nn

x = torch.ones(2)
print(x.device, repr(x.device), [x.device])
d = torch.device("cpu")
print(d, d == x.device, d.type, repr(torch.device("cuda", 1)))
print(x.to(d), x.cpu(), torch.zeros(2, device="cpu"), x.to("cpu", torch.int64))
print(torch.cuda.is_available(), torch.backends.mps.is_available(), torch.cuda.device_count())
dev = torch.device("cuda" if torch.cuda.is_available() else "cpu")
m = nn.Linear(2, 1).to(dev)
print(dev, m(torch.zeros(1, 2)).shape)
x.cuda()

# expected (hand)
# expected output:
# cpu device(type='cpu') [device(type='cpu')]
# cpu True cpu device(type='cuda', index=1)
# tensor([1., 1.]) tensor([1., 1.]) tensor([0., 0.]) tensor([1, 1])
# False False 0
# cpu torch.Size([1, 1])
# expected error: AssertionError: Torch not compiled with CUDA enabled
# expected error line: 13
