import torch
import torch.nn.functional as F

q = torch.ones(1, 2, 4)
print(F.scaled_dot_product_attention(q, q, q, attn_mask=torch.ones(2, 2, dtype=torch.bool), is_causal=True))

# expected output:
# expected error: RuntimeError: _scaled_dot_product_attention: Explicit attn_mask should not be set when is_causal=True
# expected error line: 5
