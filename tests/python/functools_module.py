# functools: partial, reduce, update_wrapper/wraps, lru_cache and cache
# with CPython 3.11's values, reprs and errors.
import functools
from functools import lru_cache, partial, reduce, wraps
import operator


def t(f):
    try:
        r = f()
        print(repr(r))
    except Exception as e:
        print(type(e).__name__ + ":", e)


def power(base, exp=2, *, mod=None):
    r = base ** exp
    return r % mod if mod else r


square = partial(power, exp=2)
cube = partial(power, exp=3)
print(square(5), cube(2), cube(2, exp=4), partial(power, 3)(), partial(power, 2, 10, mod=1000)())
p = partial(power, 2)
pp = partial(p, 5, mod=7)
print(pp(), pp.func is power, pp.args, pp.keywords, p.args, p.keywords)
print(repr(partial(max, 1, 2, key=abs)), partial(max, 1, key=abs)(-5))
print(list(map(partial(operator.mul, 3), [1, 2, 3])))
print(reduce(operator.add, [1, 2, 3, 4]), reduce(lambda a, b: a * b, range(1, 6), 10), reduce(max, [3], 0),
      reduce(operator.add, [[1], [2]], []))
t(lambda: reduce(operator.add, []))
t(lambda: reduce(operator.add, 1))
t(lambda: reduce(operator.add))
t(lambda: partial())
t(lambda: partial(1))


def deco(fn):
    @wraps(fn)
    def inner(*args, **kw):
        return fn(*args, **kw) + 1
    return inner


@deco
def named(x):
    return x * 10


print(named(4), named.__name__, named.__wrapped__(4), named.__qualname__)


def plain(x):
    return x


def other(x):
    return -x


w = functools.update_wrapper(other, plain)
print(w is other, other.__name__, other.__wrapped__ is plain)

calls = []


@lru_cache(maxsize=2)
def slow(n):
    calls.append(n)
    return n * n


print([slow(i) for i in [1, 2, 1, 3, 1, 2]], calls)
print(slow.cache_info())
slow.cache_clear()
print(slow.cache_info(), slow.__wrapped__(3), slow.__name__)


@lru_cache
def fib(n):
    return n if n < 2 else fib(n - 1) + fib(n - 2)


print(fib(30), fib.cache_info())


@functools.cache
def sq(x, y=1):
    calls.append((x, y))
    return x * y


print(sq(2), sq(2), sq(2, y=1), sq(2, 1), sq(x=2), calls[-3:], sq.cache_info())


@lru_cache(maxsize=None, typed=True)
def ty(x):
    calls.append(x)
    return x


print(ty(1), ty(1.0), ty(True), ty(1), len(calls), ty.cache_info())
t(lambda: lru_cache(maxsize='a'))
t(lambda: sq([1]))

# expected output:
# 25 8 16 9 24
# 4 True (2, 5) {'mod': 7} (2,) {}
# functools.partial(<built-in function max>, 1, 2, key=<built-in function abs>) -5
# [3, 6, 9]
# 10 1200 3 [1, 2]
# TypeError: reduce() of empty iterable with no initial value
# TypeError: reduce() arg 2 must support iteration
# TypeError: reduce expected at least 2 arguments, got 1
# TypeError: type 'partial' takes at least one argument
# TypeError: the first argument must be callable
# 41 named 40 named
# True plain True
# [1, 4, 1, 9, 1, 4] [1, 2, 3, 2]
# CacheInfo(hits=2, misses=4, maxsize=2, currsize=2)
# CacheInfo(hits=0, misses=0, maxsize=2, currsize=0) 9 slow
# 832040 CacheInfo(hits=28, misses=31, maxsize=128, currsize=31)
# 2 2 2 2 2 [(2, 1), (2, 1), (2, 1)] CacheInfo(hits=1, misses=4, maxsize=None, currsize=4)
# 1 1.0 True 1 12 CacheInfo(hits=1, misses=3, maxsize=None, currsize=3)
# TypeError: Expected first argument to be an integer, a callable, or None
# TypeError: unhashable type: 'list'
