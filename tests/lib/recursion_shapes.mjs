// recursion_shapes.mjs - programs that recurse through the different paths
// of the evaluator (method calls, key callbacks, comprehensions, dunders,
// properties, try/finally, traced calls), without a Python-level limit
// (sys.setrecursionlimit(100000), except one): each must end in
// RecursionError, never overflow the engine's stack.
// tests/node/recursion.test.mjs runs them; tests/lib/host_frames.mjs
// measures with them how many counted frames the engine's stack holds
// (src/api.c DW_HOST_FRAMES_MAX).
export const SHAPES = [
  ['method recursion', `import sys
sys.setrecursionlimit(100000)
class A:
    def m(self, n):
        return 0 if n == 0 else self.m(n - 1) + 1
print(A().m(100000))
`],
  ['through a sorted() key callback', `import sys
sys.setrecursionlimit(100000)
def f(n):
    return 0 if n == 0 else sorted([n], key=lambda x: f(x - 1))[0]
print(f(100000))
`],
  ['through a list comprehension', `import sys
sys.setrecursionlimit(100000)
def f(n):
    return 0 if n == 0 else [f(n - 1) for _ in range(1)][0]
print(f(100000))
`],
  ['through __eq__', `import sys
sys.setrecursionlimit(100000)
class N:
    def __init__(self, n): self.n = n
    def __repr__(self): return "N" if self.n == 0 else repr(N(self.n - 1))
    def __eq__(self, o): return True if self.n == 0 else N(self.n - 1) == o
print(N(100000) == 1)
`],
  ['through __repr__', `import sys
sys.setrecursionlimit(100000)
class N:
    def __init__(self, n): self.n = n
    def __repr__(self): return "N" if self.n == 0 else repr(N(self.n - 1))
print(repr(N(100000)))
`],
  ['through map() with a lambda', `import sys
sys.setrecursionlimit(100000)
def f(n):
    return 0 if n == 0 else list(map(lambda x: f(x - 1), [n]))[0]
print(f(100000))
`],
  ['inside a compiled function (the tracer inlines the calls)', `import torch, sys
sys.setrecursionlimit(100000)
def f(x, n):
    return x if n == 0 else f(x + 1, n - 1)
@torch.compile
def g(x):
    return f(x, 100000)
print(g(torch.zeros(2)))
`],
  ['inside a compiled function at the default limit', `import torch
def f(x, n):
    return x if n == 0 else f(x + 1, n - 1)
@torch.compile
def g(x):
    return f(x, 5000)
print(g(torch.zeros(2)))
`],
  ['through a property', `import sys
sys.setrecursionlimit(100000)
class P:
    def __init__(self, n): self.n = n
    @property
    def v(self): return 0 if self.n == 0 else P(self.n - 1).v + 1
print(P(100000).v)
`],
  ['through try/finally', `import sys
sys.setrecursionlimit(100000)
def f(n):
    try:
        if n == 0:
            raise ValueError("x")
        return f(n - 1)
    finally:
        pass
print(f(100000))
`],
  ['through __init__', `import sys
sys.setrecursionlimit(100000)
class N:
    def __init__(self, n):
        self.c = N(n - 1) if n else None
N(100000)
`],
  ['a compiled function recursing through graph breaks', `import torch, sys
sys.setrecursionlimit(100000)
@torch.compile
def g(x, n):
    if n == 0:
        return x
    print(end="")
    return g(x + 1, n - 1)
print(g(torch.zeros(2), 100000))
`],
  ['nested loops and a comprehension', `import sys
sys.setrecursionlimit(100000)
def f(n):
    for i in range(1):
        while True:
            if n > 0:
                with_ = [x for x in [f(n - 1)]]
                return with_[0]
            return 0
print(f(100000))
`],
];
