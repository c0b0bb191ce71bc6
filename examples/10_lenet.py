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
        x = F.max_pool2d(F.relu(self.conv1(x)), 2)
        x = F.max_pool2d(F.relu(self.conv2(x)), 2)
        x = torch.flatten(x, 1)
        x = F.relu(self.fc1(x))
        x = F.relu(self.fc2(x))
        return self.fc3(x)

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
