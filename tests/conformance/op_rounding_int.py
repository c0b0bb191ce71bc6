import torch

i = torch.tensor([3, -2, 7])
print(torch.floor(i), torch.ceil(i).dtype, torch.round(i))
print(torch.clamp_min(i, 0), i.clamp_max(2))
b = torch.tensor([True, False])
print(torch.floor(b))

# expected output:
# tensor([ 3, -2,  7]) torch.int64 tensor([ 3, -2,  7])
# tensor([3, 0, 7]) tensor([ 2, -2,  2])
# expected error: RuntimeError: "floor_vml_cpu" not implemented for 'Bool'
# expected error line: 7
