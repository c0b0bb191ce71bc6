from torch.nn import (Module, Linear as L,)
