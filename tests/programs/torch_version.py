import torch

# The release whose Dynamo behaviour dynawasm follows (README, "Which
# PyTorch"): 2.12, the first with the for-loop graph-break rule.
print(torch.__version__)
print(torch.__version__.split(".")[:2] == ["2", "12"])

# expected output:
# 2.12.0
# True
