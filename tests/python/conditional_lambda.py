# Conditional expressions and lambdas.
for n in [-2, 0, 3]:
    print("neg" if n < 0 else "zero" if n == 0 else "pos")
x = 7
y = x * 2 if x > 5 else x - 1
print(y, (1 if False else 2) + 10, [i if i % 2 else -i for i in range(5)])
sq = lambda v: v * v
add = lambda a, b=10: a + b
print(sq(4), add(1), add(1, 2), add(b=1, a=5), (lambda: "empty")(), (lambda *a: len(a))(1, 2, 3))
ops = {"+": lambda a, b: a + b, "-": lambda a, b: a - b, "*": lambda a, b: a * b}
print([ops[o](6, 3) for o in "+-*"])
compose = lambda f, g: lambda v: f(g(v))
inc = lambda v: v + 1
print(compose(sq, inc)(3), compose(inc, sq)(3))
pick = lambda v: "big" if v > 100 else "small"
print(pick(1000), pick(1), list(map(lambda v: v * 3, [1, 2])), list(filter(lambda v: v % 2, range(6))))
fs = []
for k in range(3):
    fs.append(lambda k=k: k * 10)
print([f() for f in fs])
def apply(f, *args):
    return f(*args)
print(apply(lambda a, b: a ** b, 2, 5), apply(max, 3, 9, 1), apply(str.upper, "up"))
z = 0
w = z or (lambda: 42)()
print(w)

# expected output:
# neg
# zero
# pos
# 14 12 [0, 1, -2, 3, -4]
# 16 11 3 6 empty 3
# [9, 3, 18]
# 16 10
# big small [3, 6] [1, 3, 5]
# [0, 10, 20]
# 32 9 UP
# 42
