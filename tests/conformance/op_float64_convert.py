import torch

d = torch.tensor([0.1, 2.5, -2.7], dtype=torch.float64)
print(d.float(), d.float().dtype, d.float().double()[0].item())
print(d.long(), d.int(), d.bool())
print(d.to(torch.float32).dtype, d.to(dtype=torch.float32).dtype, d.type(torch.float32).dtype)
print(torch.tensor([1, 2]).double(), torch.tensor([True, False]).double())
print(torch.tensor([0.5]).to(torch.double), torch.ones(2).to(d))
print(d.double().dtype, d.double()[0].item())
print(torch.tensor([16777217.0], dtype=torch.float64).float().item())
print(torch.tensor([3.0], dtype=torch.float64).float() + torch.tensor([1.5]))

# expected (hand)
# expected output:
# tensor([ 0.1000,  2.5000, -2.7000]) torch.float32 0.10000000149011612
# tensor([ 0,  2, -2]) tensor([ 0,  2, -2], dtype=torch.int32) tensor([True, True, True])
# torch.float32 torch.float32 torch.float32
# tensor([1., 2.], dtype=torch.float64) tensor([1., 0.], dtype=torch.float64)
# tensor([0.5000], dtype=torch.float64) tensor([1., 1.], dtype=torch.float64)
# torch.float64 0.1
# 16777216.0
# tensor([4.5000])
