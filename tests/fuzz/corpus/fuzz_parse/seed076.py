from torch import nn
