import torch
import torch.nn.functional as F

W = torch.ones(5, 3)
print(F.embedding_bag(torch.tensor([0, 1]), W, torch.tensor([0]), mode="mean",
                      per_sample_weights=torch.tensor([1., 2.])))

# expected output:
# expected error: NotImplementedError: embedding_bag: per_sample_weights was not None. per_sample_weights is only supported for mode='sum' (got mode='mean'). Please open a feature request on GitHub.
# expected error line: 5
