# types: SimpleNamespace, MethodType and the type objects, with CPython
# 3.11's values, reprs and errors.
import types
ns = types.SimpleNamespace(a=1, b='x')
print(ns, ns.a)
ns.c = [1]
print(ns, repr(ns))
print(ns == types.SimpleNamespace(a=1, b='x', c=[1]), ns == types.SimpleNamespace())
print(types.SimpleNamespace())
print(type(ns))
del ns.a
print(ns)
class A:
    def __init__(self): self.k = 3
def f(self, x): return self.k + x
a = A()
m = types.MethodType(f, a)
print(m(4), m.__self__ is a, m.__func__ is f)
a.g = types.MethodType(f, a)
print(a.g(10))
print(isinstance(f, types.FunctionType), isinstance(len, types.BuiltinFunctionType), isinstance(m, types.MethodType))
try:
    types.SimpleNamespace(1)
except TypeError as e:
    print(e)
try:
    types.MethodType(1, a)
except TypeError as e:
    print(e)

# expected output:
# namespace(a=1, b='x') 1
# namespace(a=1, b='x', c=[1]) namespace(a=1, b='x', c=[1])
# True False
# namespace()
# <class 'types.SimpleNamespace'>
# namespace(b='x', c=[1])
# 7 True True
# 13
# True True True
# no positional arguments expected
# first argument must be callable
