# __new__: C(*args) calls C.__new__(C, *args); __init__ runs only when the
# result is an instance of C; object.__new__ and super().__new__ make a
# bare instance.
class Foo:
    def __new__(cls):
        instance = object.__new__(cls)
        instance.a = 3
        return instance

    def __init__(self):
        self.a = self.a + 5


class Bar:
    def __new__(cls):
        instance = object.__new__(Foo)  # not a Bar: Bar.__init__ is skipped
        instance.a = 7
        return instance

    def __init__(self):
        self.a = 11


f = Foo()
b = Bar()
print(type(f).__name__, f.a, type(b).__name__, b.a)


class Counted:
    count = 0

    def __new__(cls, *args, **kwargs):
        cls.count += 1
        return super().__new__(cls)

    def __init__(self, x, y=2):
        self.x = x + y


class Child(Counted):
    def __init__(self, x):
        super().__init__(x, y=10)


print(Counted(1).x, Counted(1, y=5).x, Child(1).x, Counted.count, Child.count)


class Singleton:
    _inst = None

    def __new__(cls):
        if cls._inst is None:
            cls._inst = super().__new__(cls)
        return cls._inst


print(Singleton() is Singleton())


class NotAnInstance:
    def __new__(cls, v):
        return v * 2

    def __init__(self, v):
        raise RuntimeError("not called")


print(NotAnInstance(21))


class Static:
    @staticmethod
    def __new__(cls):
        return object.__new__(cls)

    def __init__(self):
        self.ok = True


print(Static().ok)
try:
    object.__new__(ValueError)
except TypeError as e:
    print("TypeError", e)

# expected output:
# Foo 8 Foo 7
# 3 6 11 2 3
# True
# 42
# True
# TypeError object.__new__(ValueError) is not safe, use ValueError.__new__()
