# Multiple inheritance: C3 method resolution order and super() chains.
class A:
    def who(self):
        return "A"
class B(A):
    def who(self):
        return "B" + super().who()
class C(A):
    def who(self):
        return "C" + super().who()
class D(B, C):
    def who(self):
        return "D" + super().who()
class E(C, B):
    pass
print(D().who(), E().who(), isinstance(D(), C), issubclass(D, C), issubclass(E, B), issubclass(C, B))
class X:
    def __init__(self):
        self.log = ["X"]
class Y(X):
    def __init__(self):
        super().__init__()
        self.log.append("Y")
class Z(X):
    def __init__(self):
        super().__init__()
        self.log.append("Z")
class W(Y, Z):
    def __init__(self):
        super().__init__()
        self.log.append("W")
print(W().log)
class M1:
    def f(self):
        return "M1"
class M2:
    def f(self):
        return "M2"
    def g(self):
        return "g2"
class K(M1, M2):
    pass
k = K()
print(k.f(), k.g(), K.f(k), K.g(k))
class Base:
    greeting = "hi"
    @classmethod
    def make(cls):
        return cls.__name__
    @staticmethod
    def twice(x):
        return 2 * x
class Mixin:
    def hello(self):
        return self.greeting + " from " + type(self).__name__
class Both(Mixin, Base):
    pass
print(Both().hello(), Both.make(), Both.twice(4), Both().make())
class Err(KeyError, Mixin):
    greeting = "err"
try:
    raise Err("k")
except LookupError as e:
    print(repr(e), e.hello(), isinstance(e, Mixin))
try:
    class Bad(A, B):
        pass
except TypeError as e:
    print("TypeError", e)
try:
    class Dup(A, A):
        pass
except TypeError as e:
    print("TypeError", e)

# expected output:
# DBCA CBA True True True False
# ['X', 'Z', 'Y', 'W']
# M1 g2 M1 g2
# hi from Both Both 8 Both
# Err('k') err from Err True
# TypeError Cannot create a consistent method resolution
# order (MRO) for bases A, B
# TypeError duplicate base class A
