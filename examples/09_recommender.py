# title: Recommender (DLRM-style)
# The seed's recommender: the sparse part (EmbeddingBag lookups over bags of
# variable length) runs eagerly under torch.compiler.disable, while the
# dense MLP, the pairwise dot-product interaction (bmm) and the top MLP
# compile into WebAssembly graphs around it.
import torch
import torch.nn as nn

def det(shape):
    # deterministic weights, the same in PyTorch: a small repeating pattern
    n = 1
    for s in shape:
        n *= s
    return ((torch.arange(n) % 7 - 3) * 0.1).reshape(shape)

class SparseArch(nn.Module):
    def __init__(self, rows, dim):
        super().__init__()
        self.bags = nn.ModuleList([nn.EmbeddingBag(n, dim, mode="sum") for n in rows])

    @torch.compiler.disable
    def forward(self, ids, offsets):
        return torch.stack([bag(i, o) for bag, i, o in zip(self.bags, ids, offsets)], dim=1)

class DLRM(nn.Module):
    def __init__(self):
        super().__init__()
        self.dense = nn.Sequential(nn.Linear(4, 16), nn.ReLU(), nn.Linear(16, 8), nn.ReLU())
        self.sparse = SparseArch([10, 20, 30], 8)
        self.top = nn.Sequential(nn.Linear(8 + 6, 8), nn.ReLU(), nn.Linear(8, 1))
        self.pairs = torch.tensor([1, 2, 3, 6, 7, 11])  # upper triangle of the 4x4 interactions

    def forward(self, dense, ids, offsets):
        d = self.dense(dense)
        s = self.sparse(ids, offsets)
        feats = torch.cat([d.unsqueeze(1), s], dim=1)
        inter = torch.bmm(feats, feats.transpose(1, 2))
        pairs = inter.flatten(1).index_select(1, self.pairs)
        return torch.sigmoid(self.top(torch.cat([d, pairs], dim=1)))

model = DLRM().eval()
with torch.no_grad():
    for name, p in model.named_parameters():
        p.copy_(det(p.shape))
print([name for name, _ in model.named_parameters()][:4])

dense = torch.arange(12.).reshape(3, 4) / 10
ids = [torch.tensor([1, 2, 9]), torch.tensor([0, 5, 6, 19]), torch.tensor([3, 29, 4])]
offsets = [torch.tensor([0, 1, 2]), torch.tensor([0, 2, 2]), torch.tensor([0, 1, 1])]
compiled = torch.compile(model)
with torch.no_grad():
    scores = compiled(dense, ids, offsets)
    print(scores)
    print(torch.allclose(scores, model(dense, ids, offsets)))
