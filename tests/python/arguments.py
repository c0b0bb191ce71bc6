# Default, keyword, *args, **kwargs and keyword-only arguments.
def f(a, b=2, c=3):
    return (a, b, c)
print(f(1), f(1, 20), f(1, c=30), f(c=3, b=2, a=1), f(*[7, 8]), f(1, *(2,), c=0))
def g(*args):
    return args
print(g(), g(1), g(1, "x", None), g(*range(3)), g(*"ab", 3))
def h(first, *rest, sep="-"):
    return sep.join([str(first)] + [str(r) for r in rest])
print(h(1), h(1, 2, 3), h(1, 2, sep="+"))
def kw(**kwargs):
    return kwargs
print(kw(), kw(a=1, b=2), kw(**{"x": 9}), kw(z=1, **{"y": 2}))
def everything(a, b=0, *args, key=None, **kwargs):
    return a, b, args, key, kwargs
print(everything(1))
print(everything(1, 2, 3, 4, key="k", extra=5, more=6))
def konly(a, *, scale=1, shift):
    return a * scale + shift
print(konly(3, shift=1), konly(3, scale=2, shift=0))
def mutable_default(v, acc=[]):
    acc.append(v)
    return acc
print(mutable_default(1), mutable_default(2), mutable_default(3, []))
def none_default(v, acc=None):
    if acc is None:
        acc = []
    acc.append(v)
    return acc
print(none_default(1), none_default(2))
DEFAULT = 5
def bound_at_def(v=DEFAULT):
    return v
DEFAULT = 6
print(bound_at_def())
def posonly(a, b, /, c):
    return a + b + c
print(posonly(1, 2, c=3), posonly(1, 2, 3))
def returns_nothing():
    pass
def returns_bare():
    return
print(returns_nothing(), returns_bare())
def multi():
    return 1, [2], "three"
r = multi()
print(r, len(r))

# expected output:
# (1, 2, 3) (1, 20, 3) (1, 2, 30) (1, 2, 3) (7, 8, 3) (1, 2, 0)
# () (1,) (1, 'x', None) (0, 1, 2) ('a', 'b', 3)
# 1 1-2-3 1+2
# {} {'a': 1, 'b': 2} {'x': 9} {'z': 1, 'y': 2}
# (1, 0, (), None, {})
# (1, 2, (3, 4), 'k', {'extra': 5, 'more': 6})
# 4 6
# [1, 2] [1, 2] [3]
# [1] [2]
# 5
# 6 6
# None None
# (1, [2], 'three') 3
