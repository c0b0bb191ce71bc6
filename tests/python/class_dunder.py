# Special methods: __len__ __getitem__ __setitem__ __contains__ __iter__ __eq__ __lt__ __add__ __mul__ __call__ __bool__.
class Vec:
    def __init__(self, *xs):
        self.xs = list(xs)
    def __repr__(self):
        return "Vec(" + ", ".join(str(v) for v in self.xs) + ")"
    def __len__(self):
        return len(self.xs)
    def __getitem__(self, i):
        return self.xs[i]
    def __setitem__(self, i, v):
        self.xs[i] = v
    def __add__(self, other):
        if isinstance(other, Vec):
            return Vec(*[a + b for a, b in zip(self.xs, other.xs)])
        return Vec(*[a + other for a in self.xs])
    def __radd__(self, other):
        return self + other
    def __sub__(self, other):
        return Vec(*[a - b for a, b in zip(self.xs, other.xs)])
    def __mul__(self, k):
        return Vec(*[a * k for a in self.xs])
    def __rmul__(self, k):
        return self * k
    def __neg__(self):
        return Vec(*[-a for a in self.xs])
    def __eq__(self, other):
        return isinstance(other, Vec) and self.xs == other.xs
    def __lt__(self, other):
        return sum(self.xs) < sum(other.xs)
    def __contains__(self, v):
        return v in self.xs
    def __bool__(self):
        return len([a for a in self.xs if a]) > 0
    def __call__(self, scale):
        return [a * scale for a in self.xs]
a = Vec(1, 2, 3)
b = Vec(10, 20, 30)
print(a + b, b - a, a * 2, 3 * a, -a, a + 1, 1 + a, len(a), a[0], a[-1], a[1:])
a[0] = 100
print(a, 20 in b, 7 in b, a == Vec(100, 2, 3), a == b, a != b, a == 5)
print(sorted([b, a, Vec(0, 0, 1)]), max(a, b), a < b, b > a)
print(bool(Vec(0, 0)), bool(Vec(0, 1)), "truthy" if Vec(0) else "falsy", a(2))
print(list(b), [x * 2 for x in b], sum(Vec(1, 2, 3)), list(reversed(Vec(1, 2))))
for i, v in enumerate(b):
    print(i, v)
class Money:
    def __init__(self, cents):
        self.cents = cents
    def __add__(self, other):
        return Money(self.cents + other.cents)
    def __str__(self):
        return f"${self.cents // 100}.{self.cents % 100:02d}"
    def __eq__(self, other):
        return self.cents == other.cents
    def __hash__(self):
        return self.cents
total = Money(0)
for c in [199, 250, 1]:
    total += Money(c)
print(total, Money(5) == Money(5), Money(5) != Money(6), Money(100) in [Money(100)])
class Matrix:
    def __init__(self, rows):
        self.rows = rows
    def __getitem__(self, idx):
        r, c = idx
        return self.rows[r][c]
    def __matmul__(self, other):
        n, m, p = len(self.rows), len(other.rows), len(other.rows[0])
        return Matrix([[sum(self.rows[i][k] * other.rows[k][j] for k in range(m)) for j in range(p)] for i in range(n)])
    def __repr__(self):
        return f"Matrix({self.rows})"
mm = Matrix([[1, 2], [3, 4]]) @ Matrix([[5, 6], [7, 8]])
print(mm, mm[1, 0])

# expected output:
# Vec(11, 22, 33) Vec(9, 18, 27) Vec(2, 4, 6) Vec(3, 6, 9) Vec(-1, -2, -3) Vec(2, 3, 4) Vec(2, 3, 4) 3 1 3 [2, 3]
# Vec(100, 2, 3) True False True False True False
# [Vec(0, 0, 1), Vec(10, 20, 30), Vec(100, 2, 3)] Vec(100, 2, 3) False False
# False True falsy [200, 4, 6]
# [10, 20, 30] [20, 40, 60] 6 [2, 1]
# 0 10
# 1 20
# 2 30
# $4.50 True True True
# Matrix([[19, 22], [43, 50]]) 43
