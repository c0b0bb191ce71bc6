# Tuples: literals, single-element form, comparisons, methods, as keys.
t = (1, 2, 3)
single = (5,)
empty = ()
noparen = 7, 8
print(t, single, empty, noparen, (5), len(single), len(empty))
print(t + (4,), t * 2, t[1], t[-1], t.index(2), t.count(3), 2 in t)
print((1, 2) < (1, 3), (1, 2) < (1, 2, 0), (2,) > (1, 9), (1, 2) == (1, 2), () < (0,))
print(tuple(range(3)), tuple([]), (1, (2, (3,))), ((),), ("a",))
pos = {(0, 0): "origin", (1, 2): "p"}
print(pos[(1, 2)], pos[0, 0], (1, 2) in pos)
a, b, c = t
print(a + b + c)
def minmax(xs):
    return min(xs), max(xs)
lo, hi = minmax([4, -2, 9])
r = minmax([1])
print(lo, hi, r)
try:
    t[0] = 9
except TypeError as e:
    print("TypeError:", e)
print(max([(1, "b"), (1, "a"), (0, "z")]), sorted([(2, 1), (1, 2), (1, 1)]))

# expected output:
# (1, 2, 3) (5,) () (7, 8) 5 1 0
# (1, 2, 3, 4) (1, 2, 3, 1, 2, 3) 2 3 1 1 True
# True True True True True
# (0, 1, 2) () (1, (2, (3,))) ((),) ('a',)
# p origin True
# 6
# -2 9 (1, 1)
# TypeError: 'tuple' object does not support item assignment
# (1, 'b') [(1, 1), (1, 2), (2, 1)]
