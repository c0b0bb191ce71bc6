# typing in a torch.compile'd program: annotated signatures, typing
# constructs subscripted inside the compiled function (Dynamo's
# TypingVariable folds them to constants: no graph break) and compared.
from __future__ import annotations

from typing import Dict, List, Optional, Tuple

import torch


@torch.compile
def f(x: torch.Tensor, scale: Optional[float] = None) -> Tuple[torch.Tensor, bool]:
    hint = Dict[str, List[int]]  # traced
    s = 2.0 if scale is None else scale  # traced
    return x * s, hint == Dict[str, List[int]]  # traced


y, same = f(torch.tensor([1.0, 2.0]))
print(y, same)
y, same = f(torch.tensor([1.0, 2.0]), 3.0)
print(y, same)
print(Optional[torch.Tensor], Tuple[torch.Tensor, int])

# expected output:
# tensor([2., 4.]) True
# tensor([3., 6.]) True
# typing.Optional[torch.Tensor] typing.Tuple[torch.Tensor, int]
# expected explain: graph_count=2 graph_break_count=0
