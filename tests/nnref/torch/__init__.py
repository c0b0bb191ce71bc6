"""A tiny reference implementation of the torch API used by the programs of
tests/conformance/layer_*.py and op_*.py, in plain Python (no numpy), so
that their expected output can come from an implementation independent of
dynawasm (tests/nnref/regen.py runs them under CPython with this package
first on sys.path).

Values are Python floats rounded to float32 after every op (struct), ints
are Python ints (int64/int32 wrap is not modelled: the programs stay in
range). Every op is written directly from its definition (loops over
indices: convolution as sliding sums, pooling as window maxima/means, sort
with Python's stable sort, ...), never by the decompositions dynawasm uses.
Printing follows torch/_tensor_str.py (PRINT_OPTS defaults: precision 4,
linewidth 80, no summarisation: programs print small tensors).
"""
import builtins
import math
import struct

_pyabs, _pymax, _pymin, _pysum, _pyround = builtins.abs, builtins.max, builtins.min, builtins.sum, builtins.round


def f32(v):
    if v != v or v in (math.inf, -math.inf):
        return v
    try:
        return struct.unpack('f', struct.pack('f', v))[0]
    except OverflowError:
        return math.inf if v > 0 else -math.inf


class dtype:
    def __init__(self, name, kind, rank):
        self.name, self.kind, self.rank = name, kind, rank  # kind: b, i, f

    def __repr__(self):
        return 'torch.' + self.name

    is_floating_point = property(lambda self: self.kind == 'f')


bool = dtype('bool', 'b', 0)
int32 = dtype('int32', 'i', 1)
int64 = dtype('int64', 'i', 2)
float32 = dtype('float32', 'f', 3)
long, int, float = int64, int32, float32
_bool, _int, _float = builtins.bool, builtins.int, builtins.float


def _conv(v, dt):
    if dt.kind == 'f':
        return f32(_float(v))
    if dt.kind == 'i':
        if isinstance(v, _float):
            if v != v or v in (math.inf, -math.inf):
                raise RuntimeError('cannot convert')
            return _int(v)  # truncation
        return _int(v)
    return _bool(v)


class Size(tuple):
    def __repr__(self):
        return 'torch.Size([' + ', '.join(str(x) for x in self) + '])'

    __str__ = __repr__

    def numel(self):
        n = 1
        for s in self:
            n *= s
        return n


def _numel(shape):
    n = 1
    for s in shape:
        n *= s
    return n


def _strides(shape):
    st, s = [], 1
    for d in reversed(shape):
        st.append(s)
        s *= d
    return list(reversed(st))


def _unravel(flat, shape):
    idx = []
    for d in reversed(shape):
        idx.append(flat % d if d else 0)
        flat = flat // d if d else 0
    return tuple(reversed(idx))


def _ravel(idx, shape):
    f = 0
    for i, d in zip(idx, shape):
        f = f * d + i
    return f


def _wrap(d, n):
    m = n if n > 0 else 1
    if d < -m or d >= m:
        raise IndexError(f'Dimension out of range (expected to be in range of [{-m}, {m - 1}], but got {d})')
    return d + m if d < 0 else d


class return_types:
    pass


class _RetType(tuple):
    _name = ''
    _fields = ('values', 'indices')

    def __new__(cls, name, values, indices):
        t = tuple.__new__(cls, (values, indices))
        t._name = name
        return t

    values = property(lambda self: self[0])
    indices = property(lambda self: self[1])

    def __repr__(self):
        return f'torch.return_types.{self._name}(\nvalues={self[0]!r},\nindices={self[1]!r})'


# ---------------------------------------------------------------- printing

def _fmt_state(vals, dt):
    st = {'int_mode': True, 'sci': False, 'width': 1}
    if dt.kind != 'f':
        for v in vals:
            s = str(v)
            st['width'] = _pymax(st['width'], len(s))
        return st
    nz = [v for v in vals if math.isfinite(v) and v != 0]
    if not nz:
        return st
    mn, mx = _pymin(_pyabs(v) for v in nz), _pymax(_pyabs(v) for v in nz)
    for v in nz:
        if v != math.ceil(v):
            st['int_mode'] = False
            break
    if st['int_mode']:
        if mx / mn > 1000. or mx > 1e8:
            st['sci'] = True
            for v in nz:
                st['width'] = _pymax(st['width'], len(f'{v:.4e}'))
        else:
            for v in nz:
                st['width'] = _pymax(st['width'], len(f'{v:.0f}') + 1)
    else:
        if mx / mn > 1000. or mx > 1e8 or mn < 1e-4:
            st['sci'] = True
            for v in nz:
                st['width'] = _pymax(st['width'], len(f'{v:.4e}'))
        else:
            for v in nz:
                st['width'] = _pymax(st['width'], len(f'{v:.4f}'))
    return st


def _fmt(v, st, dt):
    if dt.kind == 'f':
        if st['sci']:
            r = f"{v:{st['width']}.4e}"
        elif st['int_mode']:
            r = f'{v:.0f}'
            if not (math.isinf(v) or math.isnan(v)):
                r += '.'
        else:
            r = f'{v:.4f}'
    else:
        r = str(v)
    return (st['width'] - len(r)) * ' ' + r


def _str_rec(data, shape, indent, st, dt):
    if len(shape) == 0:
        return _fmt(data[0], st, dt)
    if len(shape) == 1:
        el = [_fmt(v, st, dt) for v in data]
        per = _pymax(1, _int(math.floor((80 - indent) / (st['width'] + 2))))
        lines = [', '.join(el[i:i + per]) for i in range(0, len(el), per)]
        return '[' + (',\n' + ' ' * (indent + 1)).join(lines) + ']'
    inner = _numel(shape[1:])
    parts = [_str_rec(data[i * inner:(i + 1) * inner], shape[1:], indent + 1, st, dt) for i in range(shape[0])]
    return '[' + (',' + '\n' * (len(shape) - 1) + ' ' * (indent + 1)).join(parts) + ']'


def _repr(t):
    prefix = 'tensor('
    indent = len(prefix)
    suffixes = []
    default = t.dtype in (float32, int64, bool)
    if t.numel() == 0:
        if t.dim() != 1:
            suffixes.append('size=' + str(tuple(t.shape)))
        if not default:
            suffixes.append('dtype=' + repr(t.dtype))
        s = '[]'
    else:
        if not default:
            suffixes.append('dtype=' + repr(t.dtype))
        st = _fmt_state(t._d, t.dtype)
        s = _str_rec(t._d, t.shape, indent, st, t.dtype)
    if t.requires_grad:  # a leaf (no grad_fn: the programs print no results of ops on parameters)
        suffixes.append('requires_grad=True')
    out = [prefix + s]
    last = len(out[0]) - out[0].rfind('\n') + 1
    for suf in suffixes:
        if last + len(suf) + 2 > 80:
            out.append(',\n' + ' ' * indent + suf)
            last = indent + len(suf)
        else:
            out.append(', ' + suf)
            last += len(suf) + 2
    out.append(')')
    return ''.join(out)


# ---------------------------------------------------------------- tensors

def _result_type(*ops):
    cls = {'dim': None, 'zero': None, 'wrapped': None}
    for o in ops:
        if isinstance(o, Tensor):
            k, dt = ('dim' if o.shape else 'zero'), o.dtype
        else:
            k = 'wrapped'
            dt = bool if isinstance(o, _bool) else int64 if isinstance(o, _int) else float32
        cur = cls[k]
        cls[k] = dt if cur is None or dt.rank > cur.rank else cur

    def combine(hi, lo):
        if hi is not None and hi.kind == 'f':
            return hi
        if hi is bool or (lo is not None and lo.kind == 'f'):
            if hi is None:
                return lo
            if lo is None:
                return hi
            return hi if hi.rank >= lo.rank else lo
        return hi if hi is not None else lo

    return combine(cls['dim'], combine(cls['zero'], cls['wrapped'])) or float32


def _bshape(a, b):
    n = _pymax(len(a), len(b))
    out = []
    for i in range(n):
        x = a[i - n + len(a)] if i - n + len(a) >= 0 else 1
        y = b[i - n + len(b)] if i - n + len(b) >= 0 else 1
        if x != y and x != 1 and y != 1:
            raise RuntimeError(f'The size of tensor a ({x}) must match the size of tensor b ({y}) '
                               f'at non-singleton dimension {i}')
        out.append(y if x == 1 else x)
    return tuple(out)


class Tensor:
    requires_grad = False

    def __init__(self, data, shape, dt):
        self._d, self.shape, self.dtype = list(data), Size(shape), dt

    def detach(self):
        t = Tensor([], self.shape, self.dtype)
        t._d = self._d  # shares the data
        return t

    data = property(detach)

    # ---- basics
    def dim(self):
        return len(self.shape)

    ndim = property(dim)

    def numel(self):
        return _numel(self.shape)

    def size(self, d=None):
        return self.shape if d is None else self.shape[_wrap(d, self.dim())]

    def __len__(self):
        return self.shape[0]

    def __repr__(self):
        return _repr(self)

    __str__ = __repr__

    def at(self, idx):
        return self._d[_ravel(idx, self.shape)]

    def item(self):
        return self._d[0]

    def tolist(self):
        def rec(d, shape):
            if not shape:
                return d[0]
            inner = _numel(shape[1:])
            return [rec(d[i * inner:(i + 1) * inner], shape[1:]) for i in range(shape[0])]
        return rec(self._d, self.shape)

    def to(self, dt):
        return Tensor([_conv(v, dt) for v in self._d], self.shape, dt)

    def float(self):
        return self.to(float32)

    def long(self):
        return self.to(int64)

    def clone(self):
        return Tensor(self._d, self.shape, self.dtype)

    contiguous = clone

    # ---- elementwise
    def _bin(self, other, fn, out_dt=None, compute=None):
        dt = _result_type(self, other)
        o = other if isinstance(other, Tensor) else Tensor([_conv(other, dt)], (), dt)
        cd = compute or dt
        shape = _bshape(self.shape, o.shape)
        res = []
        for f in range(_numel(shape)):
            idx = _unravel(f, shape)
            a = self.at(idx[len(idx) - self.dim():] if self.dim() else ())
            ai = tuple(i if s != 1 else 0 for i, s in zip(idx[len(idx) - self.dim():], self.shape))
            bi = tuple(i if s != 1 else 0 for i, s in zip(idx[len(idx) - o.dim():], o.shape))
            a, b = _conv(self.at(ai), cd), _conv(o.at(bi), cd)
            res.append(fn(a, b))
        rdt = out_dt or cd
        return Tensor([_conv(v, rdt) for v in res], shape, rdt)

    def __add__(self, o):
        return self._bin(o, lambda a, b: a + b)

    __radd__ = __add__

    def __sub__(self, o):
        return self._bin(o, lambda a, b: a - b)

    def __rsub__(self, o):
        return self._bin(o, lambda a, b: b - a)

    def __mul__(self, o):
        return self._bin(o, lambda a, b: a * b)

    __rmul__ = __mul__

    def __truediv__(self, o):
        def div(a, b):
            if b == 0:
                return math.nan if a == 0 or a != a else math.copysign(math.inf, a) * math.copysign(1, b)
            return a / b
        dt = _result_type(self, o)
        return self._bin(o, div, compute=dt if dt.kind == 'f' else float32)

    def __rtruediv__(self, o):
        return full(self.shape, o, float32 if _result_type(self, o).kind != 'f' else _result_type(self, o)) / self

    def __mod__(self, o):
        if _result_type(self, o).kind == 'f':
            return self._bin(o, lambda a, b: a - math.floor(a / b) * b)
        return self._bin(o, lambda a, b: a % b)

    def copy_(self, src):
        self._d[:] = src.expand(self.shape).to(self.dtype)._d
        return self

    def zero_(self):
        self._d[:] = [_conv(0, self.dtype)] * self.numel()
        return self

    def bool(self):
        return self.to(bool)

    def __neg__(self):
        return Tensor([_conv(-v, self.dtype) for v in self._d], self.shape, self.dtype)

    def __pow__(self, o):
        return self._bin(o, lambda a, b: a ** b)

    def _cmp(self, o, fn):
        return self._bin(o, fn, out_dt=bool)

    __lt__ = lambda s, o: s._cmp(o, lambda a, b: a < b)
    __le__ = lambda s, o: s._cmp(o, lambda a, b: a <= b)
    __gt__ = lambda s, o: s._cmp(o, lambda a, b: a > b)
    __ge__ = lambda s, o: s._cmp(o, lambda a, b: a >= b)
    __eq__ = lambda s, o: s._cmp(o, lambda a, b: a == b)
    __ne__ = lambda s, o: s._cmp(o, lambda a, b: a != b)
    __hash__ = object.__hash__

    def __and__(self, o):
        return self._bin(o, lambda a, b: a and b)

    def __invert__(self):
        return Tensor([not v for v in self._d], self.shape, bool)

    def _map(self, fn, dt=None):
        dt = dt or self.dtype
        return Tensor([_conv(fn(v), dt) for v in self._d], self.shape, dt)

    def _fmap(self, fn):
        dt = self.dtype if self.dtype.kind == 'f' else float32
        return Tensor([_conv(fn(_float(v)), dt) for v in self._d], self.shape, dt)

    def abs(self):
        return self._map(_pyabs)

    def exp(self):
        return self._fmap(lambda v: math.exp(v) if v < 700 else math.inf)

    def log(self):
        return self._fmap(lambda v: math.log(v) if v > 0 else (-math.inf if v == 0 else math.nan))

    def sqrt(self):
        return self._fmap(lambda v: math.sqrt(v) if v >= 0 else math.nan)

    def tanh(self):
        return self._fmap(math.tanh)

    def sigmoid(self):
        return self._fmap(lambda v: 1 / (1 + math.exp(-v)) if v > -700 else 0.0)

    def relu(self):
        return self._map(lambda v: v if v > 0 or v != v else type(v)(0))

    def tan(self):
        return self._fmap(math.tan)

    def erf(self):
        return self._fmap(math.erf)

    def _rounding(self, fn, name):
        if self.dtype is bool:
            raise RuntimeError(f'"{name}_vml_cpu" not implemented for \'Bool\'')
        if self.dtype.kind == 'i':
            return self.clone()
        return self._map(lambda v: v if not math.isfinite(v) else math.copysign(_float(fn(v)), v))

    def floor(self):
        return self._rounding(math.floor, 'floor')

    def ceil(self):
        return self._rounding(math.ceil, 'ceil')

    def round(self, decimals=0):
        if decimals == 0:
            return self._rounding(_pyround, 'round')  # Python's round: half to even
        p = f32(10.0 ** _pyabs(decimals))
        if decimals > 0:
            return self._map(lambda v: f32(_float(_pyround(f32(v * p))) / p))
        return self._map(lambda v: f32(_float(_pyround(f32(v / p))) * p))

    def clamp_min(self, m):
        return self._map(lambda v: v if v >= m or v != v else m)

    def clamp_max(self, m):
        return self._map(lambda v: v if v <= m or v != v else m)

    def clamp(self, min=None, max=None):
        r = self
        if min is not None:
            r = r.clamp_min(min)
        if max is not None:
            r = r.clamp_max(max)
        return r

    # ---- shapes
    def reshape(self, *shape):
        shape = list(shape[0] if len(shape) == 1 and isinstance(shape[0], (tuple, list)) else shape)
        if -1 in shape:
            k = shape.index(-1)
            rest = _numel([s for i, s in enumerate(shape) if i != k])
            shape[k] = self.numel() // rest
        if _numel(shape) != self.numel():
            raise RuntimeError(f"shape '{list(shape)}' is invalid for input of size {self.numel()}")
        return Tensor(self._d, shape, self.dtype)

    view = reshape

    def _index_map(self, shape, fn):
        """A new tensor of shape whose element idx is self.at(fn(idx))."""
        return Tensor([self.at(fn(_unravel(f, shape))) for f in range(_numel(shape))], shape, self.dtype)

    def permute(self, *perm):
        perm = perm[0] if len(perm) == 1 and isinstance(perm[0], (tuple, list)) else perm
        perm = [_wrap(p, self.dim()) for p in perm]
        shape = [self.shape[p] for p in perm]

        def back(idx):
            src = [0] * self.dim()
            for k, p in enumerate(perm):
                src[p] = idx[k]
            return tuple(src)
        return self._index_map(shape, back)

    def transpose(self, a, b):
        p = list(range(self.dim()))
        a, b = _wrap(a, self.dim()), _wrap(b, self.dim())
        p[a], p[b] = p[b], p[a]
        return self.permute(p)

    def t(self):
        return self.transpose(0, 1) if self.dim() == 2 else self.clone()

    T = property(lambda self: self.permute(list(reversed(range(self.dim())))))

    def unsqueeze(self, d):
        d = _wrap(d, self.dim() + 1)
        s = list(self.shape)
        s.insert(d, 1)
        return self.reshape(s)

    def squeeze(self, d=None):
        if d is None:
            return self.reshape([s for s in self.shape if s != 1])
        d = _wrap(d, self.dim())
        return self.reshape([s for i, s in enumerate(self.shape) if i != d or s != 1])

    def flatten(self, start_dim=0, end_dim=-1):
        if self.dim() == 0:
            return self.reshape(1)
        s, e = _wrap(start_dim, self.dim()), _wrap(end_dim, self.dim())
        sh = list(self.shape[:s]) + [_numel(self.shape[s:e + 1])] + list(self.shape[e + 1:])
        return self.reshape(sh)

    def expand(self, *shape):
        shape = list(shape[0] if len(shape) == 1 and isinstance(shape[0], (tuple, list)) else shape)
        off = len(shape) - self.dim()
        shape = [self.shape[i - off] if s == -1 else s for i, s in enumerate(shape)]
        return self._index_map(shape, lambda idx: tuple(0 if self.shape[k] == 1 else idx[k + off]
                                                        for k in range(self.dim())))

    def __getitem__(self, key):
        if isinstance(key, Tensor):
            if key.dtype is bool:
                rows = [i for i in range(self.shape[0]) if key._d[i]]
                return stack([self[i] for i in rows]) if rows else Tensor([], (0,) + tuple(self.shape[1:]), self.dtype)
            return stack([self[i] for i in key._d]).reshape(list(key.shape) + list(self.shape[1:]))
        if isinstance(key, list):
            return self[tensor(key)]
        if not isinstance(key, tuple):
            key = (key,)
        t = self
        d = 0
        for k in key:
            if isinstance(k, _int):
                n = t.shape[d]
                if k < -n or k >= n:
                    raise IndexError(f'index {k} is out of bounds for dimension {d} with size {n}')
                k = k % n
                t = t._index_map(t.shape[:d] + t.shape[d + 1:],
                                 lambda idx, k=k, d=d: idx[:d] + (k,) + idx[d:])
            elif isinstance(k, slice):
                rng = range(*k.indices(t.shape[d]))
                t = t._index_map(t.shape[:d] + (len(rng),) + t.shape[d + 1:],
                                 lambda idx, rng=rng, d=d: idx[:d] + (rng[idx[d]],) + idx[d + 1:])
                d += 1
            elif k is None:
                t = t.unsqueeze(d)
                d += 1
            else:
                raise NotImplementedError('index')
        return t

    # ---- reductions
    def _reduce(self, dim, keepdim, fn, dt=None):
        dims = list(range(self.dim())) if dim is None else [_wrap(d, self.dim()) for d in (dim if isinstance(dim, (tuple, list)) else [dim])]
        kept = [i for i in range(self.dim()) if i not in dims]
        oshape = [self.shape[i] for i in kept]
        groups = {}
        for f in range(self.numel()):
            idx = _unravel(f, self.shape)
            groups.setdefault(tuple(idx[i] for i in kept), []).append(self._d[f])
        out = []
        for f in range(_numel(oshape)):
            out.append(fn(groups.get(_unravel(f, oshape), [])))
        if keepdim:
            oshape = [1 if i in dims else s for i, s in enumerate(self.shape)]
        dt = dt or self.dtype
        return Tensor([_conv(v, dt) for v in out], oshape, dt)

    def sum(self, dim=None, keepdim=False):
        dt = self.dtype if self.dtype.kind == 'f' else int64
        return self._reduce(dim, keepdim, lambda vs: math.fsum(vs) if dt.kind == 'f' else _pysum(vs), dt)

    def mean(self, dim=None, keepdim=False):
        return self._reduce(dim, keepdim, lambda vs: math.fsum(vs) / len(vs) if vs else math.nan)

    def std(self, dim=None, keepdim=False):
        def sd(vs):
            m = math.fsum(vs) / len(vs)
            return math.sqrt(math.fsum((v - m) ** 2 for v in vs) / (len(vs) - 1))
        return self._reduce(dim, keepdim, sd)

    def amax(self, dim=None, keepdim=False):
        return self._reduce(dim, keepdim, lambda vs: math.nan if any(v != v for v in vs) else _pymax(vs))

    def amin(self, dim=None, keepdim=False):
        return self._reduce(dim, keepdim, lambda vs: math.nan if any(v != v for v in vs) else _pymin(vs))

    def argmax(self, dim=None, keepdim=False):
        return self._reduce(dim, keepdim, lambda vs: vs.index(_pymax(vs)), int64)

    def max(self, dim=None, keepdim=False):
        if dim is None:
            return self.amax()
        return _RetType('max', self.amax(dim, keepdim), self.argmax(dim, keepdim))

    def softmax(self, dim):
        return softmax(self, dim)

    def log_softmax(self, dim):
        return log_softmax(self, dim)

    def __matmul__(self, o):
        return matmul(self, o)

    # ---- the ops of issue 12 (methods)
    def masked_fill(self, mask, value):
        return masked_fill(self, mask, value)

    def tril(self, diagonal=0):
        return tril(self, diagonal)

    def triu(self, diagonal=0):
        return triu(self, diagonal)

    def split(self, s, dim=0):
        return split(self, s, dim)

    def chunk(self, n, dim=0):
        return chunk(self, n, dim)

    def narrow(self, dim, start, length):
        return narrow(self, dim, start, length)

    def repeat(self, *r):
        return repeat(self, *r)

    def roll(self, shifts, dims=None):
        return roll(self, shifts, dims)

    def flip(self, *dims):
        return flip(self, dims[0] if len(dims) == 1 and isinstance(dims[0], (tuple, list)) else list(dims))

    def gather(self, dim, index):
        return gather(self, dim, index)

    def scatter(self, dim, index, src=None, value=None):
        return scatter(self, dim, index, src if src is not None else value)

    def scatter_add(self, dim, index, src):
        return scatter_add(self, dim, index, src)

    def scatter_(self, dim, index, src=None, value=None):
        self._d[:] = self.scatter(dim, index, src, value)._d
        return self

    def scatter_add_(self, dim, index, src):
        self._d[:] = scatter_add(self, dim, index, src)._d
        return self

    def index_select(self, dim, index):
        return index_select(self, dim, index)

    def cumsum(self, dim):
        return cumsum(self, dim)

    def sort(self, dim=-1, descending=False):
        return sort(self, dim, descending)

    def argsort(self, dim=-1, descending=False):
        return argsort(self, dim, descending)

    def topk(self, k, dim=-1, largest=True):
        return topk(self, k, dim, largest)

    def bmm(self, o):
        return bmm(self, o)

    def unflatten(self, dim, sizes):
        d = _wrap(dim, self.dim())
        return self.reshape(list(self.shape[:d]) + list(sizes) + list(self.shape[d + 1:]))


def _from_nested(data):
    if isinstance(data, Tensor):
        return list(data._d), tuple(data.shape), data.dtype
    shape, flat = [], []

    def rec(x, depth):
        if isinstance(x, (list, tuple)):
            if len(shape) <= depth:
                shape.append(len(x))
            for y in x:
                rec(y, depth + 1)
        else:
            flat.append(x)
    rec(data, 0)
    if any(isinstance(v, _float) for v in flat):
        dt = float32
    elif all(isinstance(v, _bool) for v in flat) and flat:
        dt = bool
    else:
        dt = int64 if flat else float32
    return flat, tuple(shape), dt


def tensor(data, dtype=None):
    flat, shape, dt = _from_nested(data)
    dt = dtype or dt
    return Tensor([_conv(v, dt) for v in flat], shape, dt)


def _shape_args(args):
    if len(args) == 1 and isinstance(args[0], (tuple, list)):
        return tuple(args[0])
    return tuple(args)


def full(shape, value, dtype=None):
    dt = dtype or (float32 if isinstance(value, _float) else bool if isinstance(value, _bool) else int64)
    return Tensor([_conv(value, dt)] * _numel(shape), shape, dt)


def zeros(*shape, dtype=float32):
    return full(_shape_args(shape), 0, dtype)


def ones(*shape, dtype=float32):
    return full(_shape_args(shape), 1, dtype)


def arange(start, end=None, step=1, dtype=None):
    if end is None:
        start, end = 0, start
    dt = dtype or (float32 if any(isinstance(v, _float) for v in (start, end, step)) else int64)
    n = _int(math.ceil((end - start) / step))
    return Tensor([_conv(start + i * step, dt) for i in range(n)], (n,), dt)


def allclose(a, b, rtol=1e-5, atol=1e-8):
    return all(_pyabs(x - y) <= atol + rtol * _pyabs(y) for x, y in zip(a._d, b.expand(a.shape)._d))


def manual_seed(s):
    pass


def cat(ts, dim=0):
    d = _wrap(dim, ts[0].dim())
    shape = list(ts[0].shape)
    shape[d] = _pysum(t.shape[d] for t in ts)
    owner = []
    for k, t in enumerate(ts):
        owner += [(k, i) for i in range(t.shape[d])]

    def val(f):
        idx = list(_unravel(f, shape))
        k, i = owner[idx[d]]
        idx[d] = i
        return ts[k].at(tuple(idx))
    return Tensor([val(f) for f in range(_numel(shape))], shape, _result_type(*ts))


def stack(ts, dim=0):
    return cat([t.unsqueeze(dim) for t in ts], dim)


def where(c, a, b):
    dt = _result_type(a, b)
    a = a if isinstance(a, Tensor) else full((), a, dt)
    b = b if isinstance(b, Tensor) else full((), b, dt)
    shape = _bshape(_bshape(c.shape, a.shape), b.shape)
    ea, eb, ec = a.to(dt).expand(shape), b.to(dt).expand(shape), c.expand(shape)
    return Tensor([x if k else y for k, x, y in zip(ec._d, ea._d, eb._d)], shape, dt)


def softmax(x, dim):
    d = _wrap(dim, x.dim())
    m = x.amax(d, keepdim=True)
    e = (x - m).exp()
    return e / e.sum(d, keepdim=True)


def log_softmax(x, dim):
    d = _wrap(dim, x.dim())
    m = x.amax(d, keepdim=True)
    s = x - m
    return s - s.exp().sum(d, keepdim=True).log()


def matmul(a, b):
    if a.dim() == 1:
        return matmul(a.unsqueeze(0), b).squeeze(-2)
    if b.dim() == 1:
        return matmul(a, b.unsqueeze(1)).squeeze(-1)
    if a.dtype != b.dtype:
        raise RuntimeError('expected m1 and m2 to have the same dtype')
    M, K, N = a.shape[-2], a.shape[-1], b.shape[-1]
    if b.shape[-2] != K:
        raise RuntimeError(f'mat1 and mat2 shapes cannot be multiplied ({M}x{K} and {b.shape[-2]}x{N})')
    batch = _bshape(a.shape[:-2], b.shape[:-2])
    ea, eb = a.expand(list(batch) + [M, K]), b.expand(list(batch) + [K, N])
    out = []
    for bi in range(_numel(batch)):
        for i in range(M):
            for j in range(N):
                acc = [ea._d[(bi * M + i) * K + k] * eb._d[(bi * K + k) * N + j] for k in range(K)]
                out.append(math.fsum(acc) if a.dtype.kind == 'f' else _pysum(acc))
    return Tensor([_conv(v, a.dtype) for v in out], list(batch) + [M, N], a.dtype)


def bmm(a, b):
    if a.dim() != 3:
        raise RuntimeError('batch1 must be a 3D tensor')
    if b.dim() != 3:
        raise RuntimeError('batch2 must be a 3D tensor')
    if b.shape[0] != a.shape[0] or b.shape[1] != a.shape[2]:
        raise RuntimeError(f'Expected size for first two dimensions of batch2 tensor to be: '
                           f'[{a.shape[0]}, {a.shape[2]}] but got: [{b.shape[0]}, {b.shape[1]}].')
    return matmul(a, b)


def baddbmm(inp, b1, b2, beta=1, alpha=1):
    p = bmm(b1, b2)
    return p * alpha if beta == 0 else inp * beta + p * alpha


def einsum(eq, *ops):
    """Loops over every label (the definition)."""
    if len(ops) == 1 and isinstance(ops[0], (list, tuple)):
        ops = ops[0]
    lhs, rhs = eq.replace(' ', '').split('->') if '->' in eq else (eq.replace(' ', ''), None)
    ins = lhs.split(',')
    if len(ins) > len(ops):
        raise RuntimeError('einsum(): fewer operands were provided than specified in the equation')
    if len(ins) < len(ops):
        raise RuntimeError('einsum(): more operands were provided than specified in the equation')
    if rhs is None:
        cnt = {}
        for s in ins:
            for c in s:
                cnt[c] = cnt.get(c, 0) + 1
        rhs = ''.join(sorted(c for c in cnt if cnt[c] == 1))
    size = {}
    for k, (s, t) in enumerate(zip(ins, ops)):
        own = {}
        for c, n in zip(s, t.shape):
            if c in own and own[c] != n:
                raise RuntimeError(f"einsum(): subscript {c} is repeated for operand {k} but the sizes "
                                   f"don't match, {n} != {own[c]}")
            own[c] = size[c] = n
    labels = sorted(size)
    summed = [c for c in labels if c not in rhs]
    oshape = [size[c] for c in rhs]
    out = []
    for f in range(_numel(oshape)):
        oi = dict(zip(rhs, _unravel(f, oshape)))
        terms = []
        for g in range(_numel([size[c] for c in summed])):
            env = dict(oi)
            env.update(zip(summed, _unravel(g, [size[c] for c in summed])))
            p = 1.0
            for s, t in zip(ins, ops):
                p *= t.at(tuple(env[c] for c in s))
            terms.append(p)
        out.append(math.fsum(terms))
    return Tensor([f32(v) for v in out], oshape, float32)


def masked_fill(x, mask, value):
    if mask.dtype is not bool:
        raise RuntimeError('masked_fill_ only supports boolean masks, but got mask with dtype '
                           + {int64: 'long int', int32: 'int', float32: 'float'}[mask.dtype])
    v = value.item() if isinstance(value, Tensor) else value
    shape = _bshape(x.shape, mask.shape)
    ex, em = x.expand(shape), mask.expand(shape)
    return Tensor([_conv(v, x.dtype) if m else a for a, m in zip(ex._d, em._d)], shape, x.dtype)


def _tri(x, k, upper):
    if x.dim() < 2:
        raise RuntimeError(f"{'triu' if upper else 'tril'}: input tensor must have at least 2 dimensions")
    out = []
    for f in range(x.numel()):
        idx = _unravel(f, x.shape)
        i, j = idx[-2], idx[-1]
        keep = j - i >= k if upper else j - i <= k
        out.append(x._d[f] if keep else _conv(0, x.dtype))
    return Tensor(out, x.shape, x.dtype)


def tril(x, diagonal=0):
    return _tri(x, diagonal, False)


def triu(x, diagonal=0):
    return _tri(x, diagonal, True)


def narrow(x, dim, start, length):
    d = _wrap(dim, x.dim())
    if start < 0:
        start += x.shape[d]
    if start + length > x.shape[d]:
        raise RuntimeError(f'start ({start}) + length ({length}) exceeds dimension size ({x.shape[d]}).')
    return x._index_map(x.shape[:d] + (length,) + x.shape[d + 1:],
                        lambda idx: idx[:d] + (idx[d] + start,) + idx[d + 1:])


def split(x, s, dim=0):
    d = _wrap(dim, x.dim())
    n = x.shape[d]
    sizes = list(s) if isinstance(s, (list, tuple)) else [_pymin(s, n - i) for i in range(0, n, s)]
    if _pysum(sizes) != n:
        raise RuntimeError(f"split_with_sizes expects split_sizes to sum exactly to {n} (input tensor's size "
                           f"at dimension {d}), but got split_sizes={sizes}")
    out, pos = [], 0
    for k in sizes:
        out.append(narrow(x, d, pos, k))
        pos += k
    return tuple(out)


def chunk(x, n, dim=0):
    d = _wrap(dim, x.dim())
    size = -(-x.shape[d] // n)
    return split(x, size, d)


def repeat(x, *r):
    r = list(r[0] if len(r) == 1 and isinstance(r[0], (tuple, list)) else r)
    if len(r) < x.dim():
        raise RuntimeError('Number of dimensions of repeat dims can not be smaller than number of dimensions of tensor')
    src = x.reshape([1] * (len(r) - x.dim()) + list(x.shape))
    shape = [a * b for a, b in zip(src.shape, r)]
    return src._index_map(shape, lambda idx: tuple(i % s for i, s in zip(idx, src.shape)))


def roll(x, shifts, dims=None):
    if dims is None:
        return roll(x.flatten(), shifts, 0).reshape(x.shape)
    shifts = shifts if isinstance(shifts, (list, tuple)) else [shifts]
    dims = dims if isinstance(dims, (list, tuple)) else [dims]
    for s, d in zip(shifts, dims):
        d = _wrap(d, x.dim())
        n = x.shape[d]
        x = x._index_map(x.shape, lambda idx, s=s, d=d, n=n: idx[:d] + ((idx[d] - s) % n,) + idx[d + 1:])
    return x


def flip(x, dims):
    ds = [_wrap(d, x.dim()) for d in dims]
    return x._index_map(x.shape, lambda idx: tuple(x.shape[k] - 1 - i if k in ds else i for k, i in enumerate(idx)))


def gather(x, dim, index):
    d = _wrap(dim, x.dim())
    if index.dtype is not int64:
        raise RuntimeError('gather(): Expected dtype int64 for index')

    def src(idx):
        v = index.at(idx)
        if v < 0 or v >= x.shape[d]:
            raise RuntimeError(f'index {v} is out of bounds for dimension {d} with size {x.shape[d]}')
        return idx[:d] + (v,) + idx[d + 1:]
    return x._index_map(index.shape, src)


def index_select(x, dim, index):
    d = _wrap(dim, x.dim())

    def src(idx):
        v = index._d[idx[d]]
        if v < 0 or v >= x.shape[d]:
            raise IndexError('index out of range in self')
        return idx[:d] + (v,) + idx[d + 1:]
    return x._index_map(x.shape[:d] + (index.numel(),) + x.shape[d + 1:], src)


def _scatter(x, dim, index, src, add):
    d = _wrap(dim, x.dim())
    out = list(x._d)
    for f in range(index.numel()):
        idx = _unravel(f, index.shape)
        v = index._d[f]
        if v < 0 or v >= x.shape[d]:
            raise RuntimeError(f'index {v} is out of bounds for dimension {d} with size {x.shape[d]}')
        tgt = _ravel(idx[:d] + (v,) + idx[d + 1:], x.shape)
        val = src.at(idx) if isinstance(src, Tensor) else _conv(src, x.dtype)
        out[tgt] = _conv(out[tgt] + val if add else val, x.dtype)
    return Tensor(out, x.shape, x.dtype)


def scatter(x, dim, index, src=None, value=None):
    return _scatter(x, dim, index, src if src is not None else value, False)


def scatter_add(x, dim, index, src):
    return _scatter(x, dim, index, src, True)


def cumsum(x, dim):
    d = _wrap(dim, x.dim())
    dt = x.dtype if x.dtype.kind == 'f' else int64
    out = [0] * x.numel()
    for f in range(x.numel()):
        idx = _unravel(f, x.shape)
        acc = 0.0 if dt.kind == 'f' else 0
        for k in range(idx[d] + 1):
            acc += x.at(idx[:d] + (k,) + idx[d + 1:])  # double accumulation, as ATen's CPU cumsum
        out[f] = _conv(acc, dt)
    return Tensor(out, x.shape, dt)


def _sort_rows(x, d, desc):
    """(values, indices) along dim d, stable; nan after numbers (first when
    descending)."""
    vals, inds = list(x._d), [0] * x.numel()
    n = x.shape[d]
    done = set()
    for f in range(x.numel()):
        idx = _unravel(f, x.shape)
        base = idx[:d] + (0,) + idx[d + 1:]
        if base in done:
            continue
        done.add(base)
        row = [(x.at(idx[:d] + (k,) + idx[d + 1:]), k) for k in range(n)]

        def key(e):
            v = e[0]
            isn = v != v
            return (isn, 0 if isn else v)
        row.sort(key=key, reverse=desc)
        if desc:  # stable among equal keys: reverse=True keeps order in Python
            pass
        for r, (v, k) in enumerate(row):
            g = _ravel(idx[:d] + (r,) + idx[d + 1:], x.shape)
            vals[g], inds[g] = v, k
    return Tensor(vals, x.shape, x.dtype), Tensor(inds, x.shape, int64)


def sort(x, dim=-1, descending=False):
    v, i = _sort_rows(x, _wrap(dim, x.dim()), descending)
    return _RetType('sort', v, i)


def argsort(x, dim=-1, descending=False):
    return _sort_rows(x, _wrap(dim, x.dim()), descending)[1]


def topk(x, k, dim=-1, largest=True):
    d = _wrap(dim, x.dim())
    if k > x.shape[d]:
        raise RuntimeError('selected index k out of range')
    v, i = _sort_rows(x, d, largest)
    return _RetType('topk', narrow(v, d, 0, k), narrow(i, d, 0, k))


def flatten(x, start_dim=0, end_dim=-1):
    return x.flatten(start_dim, end_dim)


def relu(x):
    return x.relu()


def sigmoid(x):
    return x.sigmoid()


def tan(x):
    return x.tan()


def erf(x):
    return x.erf()


def floor(x):
    return x.floor()


def ceil(x):
    return x.ceil()


def round(x, decimals=0):
    return x.round(decimals)


def clamp_min(x, m):
    return x.clamp_min(m)


def clamp_max(x, m):
    return x.clamp_max(m)


def compile(fn=None, **kw):
    if fn is None:
        return lambda f: f
    return fn


class no_grad:
    def __enter__(self):
        return self

    def __exit__(self, *a):
        return False

    def __call__(self, fn):
        return fn


inference_mode = no_grad


class _Compiler:
    @staticmethod
    def disable(fn=None, recursive=True):
        return fn if fn is not None else (lambda f: f)


compiler = _Compiler()
from . import nn  # noqa: E402


def equal(a, b):
    return tuple(a.shape) == tuple(b.shape) and a._d == b._d
