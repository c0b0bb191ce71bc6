# Plain classes: attributes, methods, class attributes, __repr__/__str__.
class Point:
    dims = 2
    def __init__(self, x, y=0):
        self.x = x
        self.y = y
    def norm2(self):
        return self.x ** 2 + self.y ** 2
    def moved(self, dx, dy):
        return Point(self.x + dx, self.y + dy)
    def __repr__(self):
        return f"Point({self.x}, {self.y})"
p = Point(3, 4)
q = p.moved(1, -1)
print(p, q, p.norm2(), q.x, Point.dims, p.dims, Point(7))
print([p, q], (p,), {"p": p}, str(p), repr(q), f"{p}", "%s" % (p,))
p.x = 10
p.label = "new attr"
print(p, p.label, p.norm2())
class Temp:
    def __init__(self, c):
        self.c = c
    def __str__(self):
        return f"{self.c:.1f}C"
    def __repr__(self):
        return f"Temp({self.c!r})"
t = Temp(21.456)
print(t, str(t), repr(t), [t], f"{t}", f"{t!r}")
class Counter:
    total = 0
    def __init__(self):
        Counter.total += 1
        self.n = 0
    def inc(self):
        self.n += 1
        return self
a = Counter()
b = Counter()
a.inc().inc().inc()
print(a.n, b.n, Counter.total, a.total)
class Stack:
    def __init__(self):
        self.items = []
    def push(self, v):
        self.items.append(v)
    def pop(self):
        return self.items.pop()
    def empty(self):
        return not self.items
s = Stack()
for ch in "abc":
    s.push(ch)
out = ""
while not s.empty():
    out += s.pop()
print(out, isinstance(s, Stack), isinstance(p, Stack))
m = p.norm2
print(m(), Point.norm2(q))
class Empty:
    pass
e = Empty()
e.value = 5
print(e.value, isinstance(e, Empty))

# expected output:
# Point(3, 4) Point(4, 3) 25 4 2 2 Point(7, 0)
# [Point(3, 4), Point(4, 3)] (Point(3, 4),) {'p': Point(3, 4)} Point(3, 4) Point(4, 3) Point(3, 4) Point(3, 4)
# Point(10, 4) new attr 116
# 21.5C 21.5C Temp(21.456) [Temp(21.456)] 21.5C Temp(21.456)
# 3 0 2 2
# cba True False
# 116 25
# 5 True
