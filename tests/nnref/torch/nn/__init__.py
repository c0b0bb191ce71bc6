"""torch.nn of the reference (see torch/__init__.py): the Module machinery
(parameters, buffers, state_dict, train/eval) and layers whose forward
calls the reference functional ops. Parameters are initialised to zeros:
the programs that print values load their weights explicitly."""
import math

import torch
from torch import Tensor
from . import functional as F


class Parameter(Tensor):
    def __init__(self, data=None, requires_grad=True):
        data = data if data is not None else torch.zeros(0)
        if requires_grad and data.dtype.kind != 'f':
            raise RuntimeError('Only Tensors of floating point and complex dtype can require gradients')
        Tensor.__init__(self, data._d, data.shape, data.dtype)
        self._d = data._d  # shares the data
        self.requires_grad = bool(requires_grad)

    def requires_grad_(self, requires_grad=True):
        self.requires_grad = requires_grad
        return self

    def __repr__(self):  # torch/nn/parameter.py
        return 'Parameter containing:\n' + super().__repr__()

    __str__ = __repr__


class Module:
    def __init__(self):
        object.__setattr__(self, '_parameters', {})
        object.__setattr__(self, '_buffers', {})
        object.__setattr__(self, '_non_persistent', set())
        object.__setattr__(self, '_modules', {})
        object.__setattr__(self, 'training', True)

    def __setattr__(self, name, value):
        if isinstance(value, Parameter):
            self._parameters[name] = value
        elif isinstance(value, Module):
            self._modules[name] = value
        elif name in self._buffers:
            self._buffers[name] = value
        elif name in self._parameters:
            self._parameters[name] = value
        object.__setattr__(self, name, value)

    def register_buffer(self, name, t, persistent=True):
        self._buffers[name] = t
        if not persistent:
            self._non_persistent.add(name)
        object.__setattr__(self, name, t)

    def __call__(self, *a, **k):
        return self.forward(*a, **k)

    def named_modules(self, prefix=''):
        out = [(prefix, self)]
        for n, m in self._modules.items():
            out += m.named_modules(prefix + ('.' if prefix else '') + n)
        return out

    def modules(self):
        return [m for _, m in self.named_modules()]

    def named_children(self):
        return list(self._modules.items())

    def children(self):
        return list(self._modules.values())

    def named_parameters(self):
        out, seen = [], set()
        for p, m in self.named_modules():
            for n, t in m._parameters.items():
                if id(t) not in seen:
                    seen.add(id(t))
                    out.append((p + ('.' if p else '') + n, t))
        return out

    def parameters(self):
        return [t for _, t in self.named_parameters()]

    def requires_grad_(self, requires_grad=True):
        for p in self.parameters():
            p.requires_grad_(requires_grad)
        return self

    def named_buffers(self):
        return [(p + ('.' if p else '') + n, t) for p, m in self.named_modules() for n, t in m._buffers.items()]

    def buffers(self):
        return [t for _, t in self.named_buffers()]

    def state_dict(self):
        sd = {}
        for p, m in self.named_modules():
            pre = p + ('.' if p else '')
            for n, t in m._parameters.items():
                sd[pre + n] = t.detach()
            for n, t in m._buffers.items():
                if n not in m._non_persistent:
                    sd[pre + n] = t
        return sd

    def load_state_dict(self, sd, strict=True):
        own = self.state_dict()
        missing = [k for k in own if k not in sd]
        unexpected = [k for k in sd if k not in own]
        errs = []
        if strict and missing:
            errs.append('Missing key(s) in state_dict: ' + ', '.join(f'"{k}"' for k in missing) + '. ')
        if strict and unexpected:
            errs.append('Unexpected key(s) in state_dict: ' + ', '.join(f'"{k}"' for k in unexpected) + '. ')
        for k, t in own.items():
            if k in sd and tuple(sd[k].shape) != tuple(t.shape):
                errs.append(f'size mismatch for {k}: copying a param with shape {sd[k].shape} from checkpoint, '
                            f'the shape in current model is {t.shape}.')
        if errs:
            raise RuntimeError(f'Error(s) in loading state_dict for {type(self).__name__}:\n\t' + '\n\t'.join(errs))
        for k, t in own.items():
            if k in sd:
                t._d[:] = sd[k].to(t.dtype)._d
        return _IncompatibleKeys(missing, unexpected)

    def train(self, mode=True):
        for _, m in self.named_modules():
            object.__setattr__(m, 'training', mode)
        return self

    def eval(self):
        return self.train(False)

    def extra_repr(self):
        return ''

    def __repr__(self):
        lines = []
        for n, m in self._modules.items():
            sub = repr(m).replace('\n', '\n  ')
            lines.append(f'  ({n}): {sub}')
        head = type(self).__name__ + '(' + self.extra_repr()
        if not lines:
            return head + ')'
        return head + '\n' + '\n'.join(lines) + '\n)'


class _IncompatibleKeys:
    def __init__(self, missing, unexpected):
        self.missing_keys, self.unexpected_keys = missing, unexpected

    def __repr__(self):
        if not self.missing_keys and not self.unexpected_keys:
            return '<All keys matched successfully>'
        return f'_IncompatibleKeys(missing_keys={self.missing_keys}, unexpected_keys={self.unexpected_keys})'


class Sequential(Module):
    def __init__(self, *mods):
        super().__init__()
        for i, m in enumerate(mods):
            setattr(self, str(i), m)

    def forward(self, x):
        for m in self._modules.values():
            x = m(x)
        return x

    def __getitem__(self, i):
        return list(self._modules.values())[i]


class ModuleList(Module):
    def __init__(self, mods=()):
        super().__init__()
        for i, m in enumerate(mods):
            setattr(self, str(i), m)

    def __iter__(self):
        return iter(self._modules.values())

    def __getitem__(self, i):
        return list(self._modules.values())[i]

    def __len__(self):
        return len(self._modules)


class ModuleDict(Module):
    def __init__(self, mods=None):
        super().__init__()
        for k, m in (mods or {}).items():
            setattr(self, k, m)

    def __getitem__(self, k):
        return self._modules[k]

    def __setitem__(self, k, m):
        setattr(self, k, m)

    def __len__(self):
        return len(self._modules)

    def __iter__(self):
        return iter(self._modules)

    def __contains__(self, k):
        return k in self._modules

    def keys(self):
        return list(self._modules.keys())

    def values(self):
        return list(self._modules.values())

    def items(self):
        return list(self._modules.items())


def _zeros_param(*shape):
    return Parameter(torch.zeros(*shape))


class Linear(Module):
    def __init__(self, i, o, bias=True):
        super().__init__()
        self.in_features, self.out_features = i, o
        self.weight = _zeros_param(o, i)
        self.bias = _zeros_param(o) if bias else None

    def forward(self, x):
        return F.linear(x, self.weight, self.bias)

    def extra_repr(self):
        return f'in_features={self.in_features}, out_features={self.out_features}, bias={self.bias is not None}'


class ReLU(Module):
    def forward(self, x):
        return x.relu()


class Conv2d(Module):
    _nsp = 2

    def __init__(self, i, o, kernel_size, stride=1, padding=0, dilation=1, groups=1, bias=True):
        super().__init__()
        n = self._nsp
        self.kernel_size = tuple(F._pair(kernel_size, n))
        self.stride, self.padding, self.dilation, self.groups = stride, padding, dilation, groups
        self.in_channels, self.out_channels = i, o
        self.weight = _zeros_param(o, i // groups, *self.kernel_size)
        self.bias = _zeros_param(o) if bias else None

    def extra_repr(self):
        n = self._nsp
        r = f'{self.in_channels}, {self.out_channels}, kernel_size={self.kernel_size}, stride={tuple(F._pair(self.stride, n))}'
        if self.padding != 0:
            r += f', padding={tuple(F._pair(self.padding, n)) if not isinstance(self.padding, str) else self.padding}'
        return r

    def forward(self, x):
        return F._conv_nd(x, self.weight, self.bias, self.stride, self.padding, self.dilation, self.groups,
                          self._nsp, f'conv{self._nsp}d')


class Conv1d(Conv2d):
    _nsp = 1


class MaxPool2d(Module):
    def __init__(self, kernel_size, stride=None, padding=0, dilation=1, ceil_mode=False):
        super().__init__()
        self.k, self.s, self.p, self.d, self.c = kernel_size, stride, padding, dilation, ceil_mode

    def forward(self, x):
        return F.max_pool2d(x, self.k, self.s, self.p, self.d, self.c)


class AvgPool2d(Module):
    def __init__(self, kernel_size, stride=None, padding=0, ceil_mode=False, count_include_pad=True):
        super().__init__()
        self.k, self.s, self.p, self.c, self.cip = kernel_size, stride, padding, ceil_mode, count_include_pad

    def forward(self, x):
        return F.avg_pool2d(x, self.k, self.s, self.p, self.c, self.cip)


class AdaptiveAvgPool2d(Module):
    def __init__(self, output_size):
        super().__init__()
        self.output_size = output_size

    def forward(self, x):
        return F.adaptive_avg_pool2d(x, self.output_size)


class _BatchNorm(Module):
    def __init__(self, num_features, eps=1e-5, momentum=0.1):
        super().__init__()
        self.eps, self.momentum = eps, momentum
        self.weight = Parameter(torch.ones(num_features))
        self.bias = _zeros_param(num_features)
        self.register_buffer('running_mean', torch.zeros(num_features))
        self.register_buffer('running_var', torch.ones(num_features))
        self.register_buffer('num_batches_tracked', torch.tensor(0))

    def forward(self, x):
        want = self._dims
        if x.dim() not in want:
            raise ValueError(f'expected {"4D" if want == (4,) else "2D or 3D"} input (got {x.dim()}D input)')
        if self.training and x.numel() // x.shape[1] <= 1:
            raise ValueError(f'Expected more than 1 value per channel when training, got input size {x.shape}')
        if self.training:
            self.num_batches_tracked._d[0] += 1
        return F.batch_norm(x, self.running_mean, self.running_var, self.weight, self.bias, self.training,
                            self.momentum, self.eps)


class BatchNorm1d(_BatchNorm):
    _dims = (2, 3)


class BatchNorm2d(_BatchNorm):
    _dims = (4,)


class Dropout(Module):
    def __init__(self, p=0.5):
        super().__init__()
        self.p = p

    def forward(self, x):
        return F.dropout(x, self.p, self.training)


class GroupNorm(Module):
    def __init__(self, num_groups, num_channels, eps=1e-5):
        super().__init__()
        self.g, self.eps = num_groups, eps
        self.weight = Parameter(torch.ones(num_channels))
        self.bias = _zeros_param(num_channels)

    def forward(self, x):
        return F.group_norm(x, self.g, self.weight, self.bias, self.eps)


class LayerNorm(Module):
    def __init__(self, n, eps=1e-5):
        super().__init__()
        self.n, self.eps = (n,) if isinstance(n, int) else tuple(n), eps
        self.weight = Parameter(torch.ones(*self.n))
        self.bias = _zeros_param(*self.n)

    def forward(self, x):
        return F.layer_norm(x, self.n, self.weight, self.bias, self.eps)


class Embedding(Module):
    def __init__(self, num, dim, padding_idx=None):
        super().__init__()
        self.padding_idx = padding_idx
        self.weight = _zeros_param(num, dim)

    def forward(self, x):
        return F.embedding(x, self.weight)


class EmbeddingBag(Module):
    def __init__(self, num, dim, mode='mean', include_last_offset=False, padding_idx=None):
        super().__init__()
        self.mode, self.last, self.padding_idx = mode, include_last_offset, padding_idx
        self.weight = _zeros_param(num, dim)

    def forward(self, x, offsets=None, per_sample_weights=None):
        return F.embedding_bag(x, self.weight, offsets, self.mode, per_sample_weights, self.last, self.padding_idx)


class Flatten(Module):
    def __init__(self, start_dim=1, end_dim=-1):
        super().__init__()
        self.s, self.e = start_dim, end_dim

    def forward(self, x):
        return x.flatten(self.s, self.e)


class Unflatten(Module):
    def __init__(self, dim, size):
        super().__init__()
        self.d, self.size = dim, size

    def forward(self, x):
        return x.unflatten(self.d, self.size)


class MultiheadAttention(Module):
    def __init__(self, embed_dim, num_heads, bias=True, batch_first=False):
        super().__init__()
        self.E, self.H, self.bf = embed_dim, num_heads, batch_first
        self.in_proj_weight = _zeros_param(3 * embed_dim, embed_dim)
        self.in_proj_bias = _zeros_param(3 * embed_dim)
        self.out_proj = Linear(embed_dim, embed_dim)

    def forward(self, q, k, v, need_weights=True):
        if not self.bf:
            q, k, v = q.transpose(0, 1), k.transpose(0, 1), v.transpose(0, 1)
        E, H = self.E, self.H
        D = E // H
        W, b = self.in_proj_weight, self.in_proj_bias
        proj = []
        for j, t in enumerate((q, k, v)):
            wj = W[j * E:(j + 1) * E]
            bj = b[j * E:(j + 1) * E]
            p = F.linear(t, wj, bj)
            proj.append(p.reshape(p.shape[0], p.shape[1], H, D).transpose(1, 2))
        s = torch.matmul(proj[0], proj[1].transpose(-2, -1)) * (1 / math.sqrt(D))
        a = torch.softmax(s, -1)
        o = torch.matmul(a, proj[2]).transpose(1, 2).reshape(q.shape[0], q.shape[1], E)
        o = self.out_proj(o)
        if not self.bf:
            o = o.transpose(0, 1)
        return o, a.mean(1)
