# title: LeNet CNN
# A LeNet-style CNN on 28x28 images: convolutions lower to im2col windows
# feeding the matmul kernel with the bias and ReLU fused, max pooling to
# one loop over strided windows; the whole forward pass is one graph.
import torch
import torch.nn as nn
import torch.nn.functional as F

class LeNet(nn.Module):
    def __init__(self):
        super().__init__()
        self.conv1 = nn.Conv2d(1, 6, 5, padding=2)
        self.conv2 = nn.Conv2d(6, 16, 5)
        self.fc1 = nn.Linear(16 * 5 * 5, 120)
        self.fc2 = nn.Linear(120, 84)
        self.fc3 = nn.Linear(84, 10)

    def forward(self, x):
        x = F.max_pool2d(F.relu(self.conv1(x)), 2)  # traced
        x = F.max_pool2d(F.relu(self.conv2(x)), 2)  # traced
        x = torch.flatten(x, 1)  # traced
        x = F.relu(self.fc1(x))  # traced
        x = F.relu(self.fc2(x))  # traced
        return self.fc3(x)  # traced

model = LeNet().eval()
print(model)
with torch.no_grad():
    for name, p in model.named_parameters():
        n = p.numel()
        p.copy_(((torch.arange(n) % 11 - 5) * 0.02).reshape(p.shape))
images = (torch.arange(2 * 28 * 28) % 13 / 13.0).reshape(2, 1, 28, 28)
compiled = torch.compile(model)
with torch.no_grad():
    logits = compiled(images)
print(logits.shape)
print(logits)
print(logits.argmax(dim=1))

# expected output:
# LeNet(
#   (conv1): Conv2d(1, 6, kernel_size=(5, 5), stride=(1, 1), padding=(2, 2))
#   (conv2): Conv2d(6, 16, kernel_size=(5, 5), stride=(1, 1))
#   (fc1): Linear(in_features=400, out_features=120, bias=True)
#   (fc2): Linear(in_features=120, out_features=84, bias=True)
#   (fc3): Linear(in_features=84, out_features=10, bias=True)
# )
# torch.Size([2, 10])
# tensor([[-0.1315,  0.0343, -0.1991,  0.0718,  0.0309, -0.2025,  0.2015,  0.0276,
#          -0.1149,  0.2577],
#         [-0.0929,  0.0225, -0.2039,  0.0828,  0.0209, -0.2055,  0.1951,  0.0193,
#          -0.1000,  0.2441]])
# tensor([9, 9])
# expected explain: graph_count=1 graph_break_count=0
