import torch
import torch.nn.functional as F

q = torch.arange(24.).reshape(1, 2, 3, 4) / 10
k = torch.arange(24.).reshape(1, 2, 3, 4) / 20 - 0.3
v = torch.arange(24.).reshape(1, 2, 3, 4) / 4

@torch.compile
def f(q, k, v):
    return F.scaled_dot_product_attention(q, k, v, is_causal=True)

print(f(q, k, v))
m = torch.tensor([[True, False, True], [True, True, False], [False, True, True]])
print(F.scaled_dot_product_attention(q, k, v, attn_mask=m))
print(F.scaled_dot_product_attention(q[0], k[0], v[0], attn_mask=torch.zeros(3, 3) - m.float(), scale=0.5))

# expected output:
# tensor([[[[0.0000, 0.2500, 0.5000, 0.7500],
#           [0.5548, 0.8048, 1.0548, 1.3048],
#           [1.2474, 1.4974, 1.7474, 1.9974]],
#
#          [[3.0000, 3.2500, 3.5000, 3.7500],
#           [3.6682, 3.9182, 4.1682, 4.4182],
#           [4.5124, 4.7624, 5.0124, 5.2624]]]])
# tensor([[[[1.0599, 1.3099, 1.5599, 1.8099],
#           [0.5548, 0.8048, 1.0548, 1.3048],
#           [1.5939, 1.8439, 2.0939, 2.3439]],
#
#          [[4.4930, 4.7430, 4.9930, 5.2430],
#           [3.6682, 3.9182, 4.1682, 4.4182],
#           [4.7027, 4.9527, 5.2027, 5.4527]]]])
# tensor([[[1.0254, 1.2754, 1.5254, 1.7754],
#          [1.4980, 1.7480, 1.9980, 2.2480],
#          [0.9082, 1.1582, 1.4082, 1.6582]],
#
#         [[4.2259, 4.4759, 4.7259, 4.9759],
#          [4.7141, 4.9641, 5.2141, 5.4641],
#          [4.2687, 4.5187, 4.7687, 5.0187]]])
