# Tuple unpacking, starred targets, swaps, nested targets.
a, b = 1, 2
a, b = b, a
print(a, b)
x, y, z = [10, 20, 30]
print(x, y, z)
p, q = "hi"
print(p, q)
first, *rest = [1, 2, 3, 4]
print(first, rest)
*init, last = (1, 2, 3)
print(init, last)
h, *mid, t = range(6)
print(h, mid, t)
u, *v = [9]
print(u, v)
(m, n), k = (1, 2), 3
print(m, n, k)
[e, [f, g]] = [5, [6, 7]]
print(e, f, g)
for i, (c, d) in enumerate([(1, "a"), (2, "b")]):
    print(i, c, d)
for name, *scores in [("x", 1, 2), ("y", 3)]:
    print(name, scores)
i = 0
lst = [0, 0]
i, lst[i] = 1, 5
print(i, lst)
aa = bb = cc = 4
print(aa, bb, cc)
print([*range(3), *"ab"], (*[1, 2], 3), [*[], 0])
d1 = {"a": 1}
print({**d1, "b": 2, **{"a": 3}})
def f3(p1, p2, p3):
    return p1 * 100 + p2 * 10 + p3
args = [1, 2, 3]
print(f3(*args), f3(1, *[2, 3]), f3(*args[:2], 9))
try:
    a, b = [1, 2, 3]
except ValueError as e:
    print("ValueError:", e)
try:
    a, b, c = [1, 2]
except ValueError as e:
    print("ValueError:", e)
try:
    a, *b, c = [1]
except ValueError as e:
    print("ValueError:", e)
try:
    a, b = 5
except TypeError as e:
    print("TypeError:", e)

# expected output:
# 2 1
# 10 20 30
# h i
# 1 [2, 3, 4]
# [1, 2] 3
# 0 [1, 2, 3, 4] 5
# 9 []
# 1 2 3
# 5 6 7
# 0 1 a
# 1 2 b
# x [1, 2]
# y [3]
# 1 [0, 5]
# 4 4 4
# [0, 1, 2, 'a', 'b'] (1, 2, 3) [0]
# {'a': 3, 'b': 2}
# 123 123 129
# ValueError: too many values to unpack (expected 2)
# ValueError: not enough values to unpack (expected 3, got 2)
# ValueError: not enough values to unpack (expected at least 2, got 1)
# TypeError: cannot unpack non-iterable int object
