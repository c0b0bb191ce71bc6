# Class special methods: unary operators, conversions (__int__,
# __float__, __index__, __round__), __delitem__, __contains__, __dict__,
# properties with setters, __class__.
class V:
    def __init__(self, x):
        self.x = x
    def __neg__(self):
        return V(-self.x)
    def __pos__(self):
        return V(self.x + 100)
    def __abs__(self):
        return V(abs(self.x))
    def __invert__(self):
        return V(~self.x)
    def __int__(self):
        return self.x
    def __float__(self):
        return float(self.x) / 2
    def __index__(self):
        return self.x
    def __round__(self, n=None):
        return ("round", n)
    def __repr__(self):
        return f"V({self.x})"
v = V(3)
print(-v, +v, abs(V(-4)), ~v, int(v), float(v), round(v), round(v, 2), [10, 20, 30, 40][V(1)], "abcdef"[V(2)], list(range(10))[V(1):V(4)], hex(v), bin(V(5)), range(V(3)), "%d|%x" % (v, v))
class L:
    def __init__(self):
        self.d = {}
    def __getitem__(self, k):
        return self.d[k]
    def __setitem__(self, k, v):
        self.d[k] = v
    def __delitem__(self, k):
        del self.d[k]
    def __contains__(self, k):
        return k in self.d
    def __len__(self):
        return len(self.d)
l = L()
l["a"] = 1
l["b"] = 2
del l["a"]
print("a" in l, "b" in l, "c" not in l, len(l), l["b"], l.__dict__, bool(l), bool(L()), l.__class__.__name__)
try:
    del l["zz"]
except KeyError as e:
    print("KeyError", e)
class NoDel:
    pass
try:
    del NoDel()[0]
except TypeError as e:
    print("TypeError", e)
class P:
    def __init__(self):
        self._x = 0
    @property
    def x(self):
        return self._x
    @x.setter
    def x(self, v):
        self._x = v * 2
    @property
    def ro(self):
        return "ro"
p = P()
p.x = 5
p.x += 1
print(p.x, p._x, p.ro, type(P.x).__name__, p.__dict__)
try:
    p.ro = 1
except AttributeError as e:
    print("AttributeError", e)
class Q:
    def getx(self):
        return self._x
    def setx(self, v):
        self._x = v + 1
    x = property(getx, setx)
q = Q()
q.x = 1
print(q.x)
class A:
    def __init__(self):
        self.a = 1
        self.b = [2]
obj = A()
obj.__dict__["c"] = 3
print(obj.__dict__, obj.c)
class Bool:
    def __bool__(self):
        return 1
try:
    bool(Bool())
except TypeError as e:
    print("TypeError", e)

# expected output:
# V(-3) V(103) V(4) V(-4) 3 1.5 ('round', None) ('round', 2) 20 c [1, 2, 3] 0x3 0b101 range(0, 3) 3|3
# False True True 1 2 {'d': {'b': 2}} True False L
# KeyError 'zz'
# TypeError 'NoDel' object doesn't support item deletion
# 22 22 ro property {'_x': 22}
# AttributeError property 'ro' of 'P' object has no setter
# 2
# {'a': 1, 'b': [2], 'c': 3} 3
# TypeError __bool__ should return bool, returned int
