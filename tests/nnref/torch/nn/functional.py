"""torch.nn.functional of the reference (see torch/__init__.py): every op
by its definition, as loops over output positions."""
import math

import torch
from torch import Tensor, _numel, _ravel, _unravel, _wrap, f32, float32, full, int64


def _pair(v, n):
    return list(v) if isinstance(v, (tuple, list)) else [v] * n


def relu(x):
    return x.relu()


def gelu(x, approximate='none'):
    return x._fmap(lambda v: v * 0.5 * (1.0 + math.erf(v / math.sqrt(2.0))))


def softmax(x, dim):
    return torch.softmax(x, dim)


def log_softmax(x, dim):
    return torch.log_softmax(x, dim)


def linear(x, w, b=None):
    y = torch.matmul(x, w.t())
    return y + b if b is not None else y


def _padval(x, idx, pads, mode, value):
    """x at idx shifted by the low pads; out of range: value / the mode's
    source position"""
    src = []
    for k, (i, n) in enumerate(zip(idx, x.shape)):
        lo = pads[k]
        j = i - lo
        if 0 <= j < n:
            src.append(j)
        elif mode == 'constant':
            return value
        elif mode == 'reflect':
            j = _abs = abs(j)
            if j >= n:
                j = 2 * (n - 1) - j
            src.append(j)
        elif mode == 'replicate':
            src.append(0 if j < 0 else n - 1)
        else:  # circular
            src.append(j % n)
    return x.at(tuple(src))


def pad(x, p, mode='constant', value=0.0):
    if len(p) % 2:
        raise RuntimeError('Padding length must be divisible by 2')
    lo = [0] * x.dim()
    hi = [0] * x.dim()
    for k in range(len(p) // 2):
        d = x.dim() - 1 - k
        lo[d], hi[d] = p[2 * k], p[2 * k + 1]
    shape = [n + a + b for n, a, b in zip(x.shape, lo, hi)]
    v = torch._conv(value, x.dtype)
    data = [_padval(x, _unravel(f, shape), lo, mode, v) for f in range(_numel(shape))]
    return Tensor(data, shape, x.dtype)


def _conv_nd(x, w, b, stride, padding, dilation, groups, nsp, name):
    if x.dim() not in (nsp + 1, nsp + 2):
        raise RuntimeError(f'Expected {nsp + 1}D (unbatched) or {nsp + 2}D (batched) input to {name}, '
                           f'but got input of size: {list(x.shape)}')
    unb = x.dim() == nsp + 1
    if unb:
        x = x.unsqueeze(0)
    N, C = x.shape[0], x.shape[1]
    OC, cg = w.shape[0], w.shape[1]
    if cg * groups != C:
        raise RuntimeError(f'Given groups={groups}, weight of size {list(w.shape)}, expected input'
                           f'{list(x.shape)} to have {cg * groups} channels, but got {C} channels instead')
    k = list(w.shape[2:])
    s, d = _pair(stride, nsp), _pair(dilation, nsp)
    if padding == 'same':
        lo = [(dd * (kk - 1)) // 2 for dd, kk in zip(d, k)]
        hi = [dd * (kk - 1) - l for dd, kk, l in zip(d, k, lo)]
    elif padding == 'valid':
        lo = hi = [0] * nsp
    else:
        lo = hi = _pair(padding, nsp)
    insp = list(x.shape[2:])
    padded = [n + a + c for n, a, c in zip(insp, lo, hi)]
    span = [dd * (kk - 1) + 1 for dd, kk in zip(d, k)]
    if any(p < q for p, q in zip(padded, span)):
        raise RuntimeError('Calculated padded input size per channel: (' + ' x '.join(map(str, padded)) +
                           '). Kernel size: (' + ' x '.join(map(str, span)) +
                           "). Kernel size can't be greater than actual input size")
    out = [(n + a + c - dd * (kk - 1) - 1) // ss + 1 for n, a, c, dd, kk, ss in zip(insp, lo, hi, d, k, s)]
    oshape = [N, OC] + out
    ocg = OC // groups
    data = []
    for f in range(_numel(oshape)):
        idx = _unravel(f, oshape)
        n, oc, pos = idx[0], idx[1], idx[2:]
        g = oc // ocg
        acc = []
        for c in range(cg):
            for kf in range(_numel(k)):
                kk = _unravel(kf, k)
                src = [p * ss + q * dd - l for p, ss, q, dd, l in zip(pos, s, kk, d, lo)]
                if all(0 <= sv < nn for sv, nn in zip(src, insp)):
                    acc.append(x.at((n, g * cg + c) + tuple(src)) * w.at((oc, c) + tuple(kk)))
        v = math.fsum(acc) + (b._d[oc] if b is not None else 0.0)
        data.append(f32(v))
    r = Tensor(data, oshape, float32)
    return r.squeeze(0) if unb else r


def conv1d(x, w, bias=None, stride=1, padding=0, dilation=1, groups=1):
    return _conv_nd(x, w, bias, stride, padding, dilation, groups, 1, 'conv1d')


def conv2d(x, w, bias=None, stride=1, padding=0, dilation=1, groups=1):
    return _conv_nd(x, w, bias, stride, padding, dilation, groups, 2, 'conv2d')


def _pool(x, k, stride, padding, ceil_mode, is_max, count_include_pad=True, dilation=1):
    k = _pair(k, 2)
    s = _pair(stride if stride is not None else k, 2)
    p, dl = _pair(padding, 2), _pair(dilation, 2)
    for pp, kk, dd in zip(p, k, dl):
        if pp > (dd * (kk - 1) + 1) // 2:
            if is_max:
                raise RuntimeError(f'pad should be at most half of effective kernel size, but got pad={pp}, '
                                   f'kernel_size={kk} and dilation={dd}')
            raise RuntimeError(f'pad should be at most half of kernel size, but got pad={pp} and kernel_size={kk}')
    unb = x.dim() == 3
    if unb:
        x = x.unsqueeze(0)
    H, W = x.shape[2], x.shape[3]
    out = []
    for n, kk, ss, pp, dd in zip((H, W), k, s, p, dl):
        num = n + 2 * pp - dd * (kk - 1) - 1
        o = (num + (ss - 1 if ceil_mode else 0)) // ss + 1
        if ceil_mode and (o - 1) * ss >= n + pp:
            o -= 1
        out.append(o)
    oshape = list(x.shape[:2]) + out
    data = []
    for f in range(_numel(oshape)):
        n, c, oh, ow = _unravel(f, oshape)
        vals, cnt = [], 0
        hs, ws = oh * s[0] - p[0], ow * s[1] - p[1]
        for i in range(k[0]):
            for j in range(k[1]):
                h, w = hs + i * dl[0], ws + j * dl[1]
                if 0 <= h < H and 0 <= w < W:
                    vals.append(x.at((n, c, h, w)))
        if is_max:
            data.append(math.nan if any(v != v for v in vals) else max(vals))
        else:
            hend, wend = min(hs + k[0], H + p[0]), min(ws + k[1], W + p[1])
            if count_include_pad:
                cnt = (hend - hs) * (wend - ws)
            else:
                cnt = (min(hend, H) - max(hs, 0)) * (min(wend, W) - max(ws, 0))
            data.append(f32(math.fsum(vals) / cnt))
    r = Tensor(data, oshape, x.dtype)
    return r.squeeze(0) if unb else r


def max_pool2d(x, kernel_size, stride=None, padding=0, dilation=1, ceil_mode=False, return_indices=False):
    return _pool(x, kernel_size, stride, padding, ceil_mode, True, dilation=dilation)


def avg_pool2d(x, kernel_size, stride=None, padding=0, ceil_mode=False, count_include_pad=True, divisor_override=None):
    return _pool(x, kernel_size, stride, padding, ceil_mode, False, count_include_pad)


def adaptive_avg_pool2d(x, output_size):
    o = _pair(output_size, 2)
    H, W = x.shape[-2], x.shape[-1]
    o = [H if a is None else a for a in o[:1]] + [W if a is None else a for a in o[1:]]
    oshape = list(x.shape[:-2]) + o
    data = []
    for f in range(_numel(oshape)):
        idx = _unravel(f, oshape)
        i, j = idx[-2], idx[-1]
        h0, h1 = (i * H) // o[0], -(-((i + 1) * H) // o[0])
        w0, w1 = (j * W) // o[1], -(-((j + 1) * W) // o[1])
        vals = [x.at(idx[:-2] + (h, w)) for h in range(h0, h1) for w in range(w0, w1)]
        data.append(f32(math.fsum(vals) / len(vals)))
    return Tensor(data, oshape, float32)


def batch_norm(x, running_mean, running_var, weight=None, bias=None, training=False, momentum=0.1, eps=1e-5):
    C = x.shape[1]
    out = [0.0] * x.numel()
    for c in range(C):
        pos = [f for f in range(x.numel()) if _unravel(f, x.shape)[1] == c]
        if training:
            vals = [x._d[f] for f in pos]
            mean = math.fsum(vals) / len(vals)
            var = math.fsum((v - mean) ** 2 for v in vals) / len(vals)
            if running_mean is not None:
                running_mean._d[c] = f32((1 - momentum) * running_mean._d[c] + momentum * mean)
                running_var._d[c] = f32((1 - momentum) * running_var._d[c] + momentum * var * len(vals) / (len(vals) - 1))
        else:
            mean, var = running_mean._d[c], running_var._d[c]
        w = weight._d[c] if weight is not None else 1.0
        b = bias._d[c] if bias is not None else 0.0
        for f in pos:
            out[f] = f32((x._d[f] - mean) / math.sqrt(var + eps) * w + b)
    return Tensor(out, x.shape, float32)


def group_norm(x, num_groups, weight=None, bias=None, eps=1e-5):
    N, C = x.shape[0], x.shape[1]
    if C % num_groups:
        raise RuntimeError(f'Expected number of channels in input to be divisible by num_groups, but got input '
                           f'of shape {list(x.shape)} and num_groups={num_groups}')
    cpg = C // num_groups
    out = [0.0] * x.numel()
    for n in range(N):
        for g in range(num_groups):
            pos = [f for f in range(x.numel()) if _unravel(f, x.shape)[0] == n and _unravel(f, x.shape)[1] // cpg == g]
            vals = [x._d[f] for f in pos]
            mean = math.fsum(vals) / len(vals)
            var = math.fsum((v - mean) ** 2 for v in vals) / len(vals)
            for f in pos:
                c = _unravel(f, x.shape)[1]
                w = weight._d[c] if weight is not None else 1.0
                b = bias._d[c] if bias is not None else 0.0
                out[f] = f32((x._d[f] - mean) / math.sqrt(var + eps) * w + b)
    return Tensor(out, x.shape, float32)


def layer_norm(x, normalized_shape, weight=None, bias=None, eps=1e-5):
    n = _numel(normalized_shape)
    out = []
    for r in range(x.numel() // n):
        vals = x._d[r * n:(r + 1) * n]
        mean = math.fsum(vals) / n
        var = math.fsum((v - mean) ** 2 for v in vals) / n
        for k, v in enumerate(vals):
            w = weight._d[k] if weight is not None else 1.0
            b = bias._d[k] if bias is not None else 0.0
            out.append(f32((v - mean) / math.sqrt(var + eps) * w + b))
    return Tensor(out, x.shape, float32)


def embedding(idx, weight, padding_idx=None):
    if idx.dtype.kind != 'i':
        names = {'float32': 'torch.FloatTensor', 'bool': 'torch.BoolTensor'}
        raise RuntimeError("Expected tensor for argument #1 'indices' to have one of the following scalar types: "
                           f"Long, Int; but got {names[idx.dtype.name]} instead (while checking arguments for embedding)")
    D = weight.shape[1]
    data = []
    for v in idx._d:
        if v < 0 or v >= weight.shape[0]:
            raise IndexError('index out of range in self')
        data += weight._d[v * D:(v + 1) * D]
    return Tensor(data, list(idx.shape) + [D], weight.dtype)


def embedding_bag(idx, weight, offsets=None, mode='mean', per_sample_weights=None, include_last_offset=False,
                  padding_idx=None):
    D = weight.shape[1]
    if idx.dim() == 2 and offsets is not None:
        raise ValueError('if input is 2D, then offsets has to be None, as input is treated is a mini-batch of '
                         'fixed length sequences. However, found offsets of type Tensor')
    if per_sample_weights is not None and mode != 'sum':
        raise NotImplementedError(f"embedding_bag: per_sample_weights was not None. per_sample_weights is only "
                                  f"supported for mode='sum' (got mode='{mode}'). Please open a feature request on GitHub.")
    if idx.dim() == 2:
        bags = [list(range(r * idx.shape[1], (r + 1) * idx.shape[1])) for r in range(idx.shape[0])]
    else:
        offs = list(offsets._d) + ([] if include_last_offset else [idx.numel()])
        bags = [list(range(offs[b], offs[b + 1])) for b in range(len(offs) - 1)]
    data = []
    for bag in bags:
        rows = []
        for j in bag:
            v = idx._d[j]
            if padding_idx is not None and v == padding_idx:
                continue
            wgt = per_sample_weights._d[j] if per_sample_weights is not None else 1.0
            rows.append([weight._d[v * D + k] * wgt for k in range(D)])
        for k in range(D):
            col = [r[k] for r in rows]
            if not col:
                data.append(0.0)
            elif mode == 'sum':
                data.append(f32(math.fsum(col)))
            elif mode == 'mean':
                data.append(f32(math.fsum(col) / len(col)))
            else:
                data.append(max(col))
    return Tensor(data, [len(bags), D], float32)


def scaled_dot_product_attention(q, k, v, attn_mask=None, dropout_p=0.0, is_causal=False, scale=None):
    if is_causal and attn_mask is not None:
        raise RuntimeError('_scaled_dot_product_attention: Explicit attn_mask should not be set when is_causal=True')
    E = q.shape[-1]
    sc = 1 / math.sqrt(E) if scale is None else scale
    s = torch.matmul(q, k.transpose(-2, -1)) * sc
    L, S = s.shape[-2], s.shape[-1]
    if is_causal:
        keep = torch.tensor([[j <= i for j in range(S)] for i in range(L)])
        s = torch.where(keep, s, -math.inf)
    if attn_mask is not None:
        s = torch.where(attn_mask, s, -math.inf) if attn_mask.dtype is torch.bool else s + attn_mask
    return torch.matmul(torch.softmax(s, -1), v)


def one_hot(x, num_classes=-1):
    if x.dtype is not int64:
        raise RuntimeError('one_hot is only applicable to index tensor of type LongTensor.')
    C = max(x._d) + 1 if num_classes == -1 else num_classes
    data = []
    for v in x._d:
        if v < 0:
            raise RuntimeError('Class values must be non-negative.')
        if v >= C:
            raise RuntimeError('Class values must be smaller than num_classes.')
        data += [1 if c == v else 0 for c in range(C)]
    return Tensor(data, list(x.shape) + [C], int64)


def normalize(x, p=2.0, dim=1, eps=1e-12):
    d = _wrap(dim, x.dim())
    norms = x.abs()._reduce(d, True, lambda vs: math.fsum(v ** p for v in vs) ** (1 / p), float32)
    return x / norms.clamp_min(eps)


def dropout(x, p=0.5, training=True):
    if not training or p == 0:
        return x
    raise NotImplementedError('random dropout has no reference value')


def nll_loss(lp, target, weight=None, ignore_index=-100, reduction='mean'):
    C = lp.shape[1] if lp.dim() >= 2 else lp.shape[0]
    losses, wts = [], []
    for f in range(target.numel()):
        t = target._d[f]
        if t == ignore_index:
            losses.append(0.0)
            wts.append(0.0)
            continue
        if t < 0 or t >= C:
            raise IndexError(f'Target {t} is out of bounds.')
        idx = _unravel(f, target.shape)
        v = lp.at((idx[0], t) + idx[1:]) if lp.dim() >= 2 else lp._d[t]
        w = weight._d[t] if weight is not None else 1.0
        losses.append(-v * w)
        wts.append(w)
    if reduction == 'none':
        return Tensor([f32(v) for v in losses], target.shape, float32)
    s = math.fsum(losses)
    return Tensor([f32(s / math.fsum(wts) if reduction == 'mean' else s)], (), float32)


def cross_entropy(x, target, weight=None, ignore_index=-100, reduction='mean', label_smoothing=0.0):
    lp = torch.log_softmax(x, 1 if x.dim() >= 2 else 0)
    if target.dtype is float32:
        per = (lp * target)._reduce(1, False, lambda vs: -math.fsum(vs), float32)
        if reduction == 'none':
            return per
        return per.mean() if reduction == 'mean' else per.sum()
    return nll_loss(lp, target, weight, ignore_index, reduction)


def mse_loss(x, t, reduction='mean'):
    d = (x - t) * (x - t)
    return d if reduction == 'none' else (d.mean() if reduction == 'mean' else d.sum())
