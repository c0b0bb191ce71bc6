# A class statement inside a function: its methods (and the methods of a
# class nested in it) close over the function's locals through the class
# body, which is not a scope of theirs; the class body itself reads them too.
def make(size, other):
    class S:
        k = size
        class T:
            def g(self):
                return other
        def f(self):
            return size + self.k
        def h(self) -> None:
            return [size * i for i in range(3)]
    return S
S = make(3, "x")
print(S().f(), S.T().g(), S().h())
def counter():
    n = 0
    class C:
        def bump(self):
            nonlocal n
            n += 1
            return n
    c = C()
    c.bump()
    return c.bump(), n
print(counter())

# expected output:
# 6 x [0, 3, 6]
# (2, 2)
