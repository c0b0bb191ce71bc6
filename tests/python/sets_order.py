# Sets iterate and print in CPython's hash-table order (ints hash to
# themselves; str hashes as CPython with PYTHONHASHSEED=0): growth,
# deleted slots, pop()'s finger, merges and the constant-display folding.
print({10, 3, 100}, {-1, -2, 5}, set(range(20, 0, -3)), {1.5, 2, 3}, {2 ** 40, 7, 2 ** 61 - 1})
print(set("hello"), {"apple", "banana", "cherry"}, {"a", "b", "c", "d"}, {(1, 2), (3, 4), (0, 0)}, {"x", 1, 2.5, (1, "y")})
words = "the quick brown fox jumps over the lazy dog".split()
s = set()
for w in words:
    s.add(w)
print(s, sorted(s) == sorted(set(words)))
t = {1, 9}
t.discard(1)
t.add(17)
print(t)
u = set(range(10, 20))
u.discard(10)
u.add(74)
print(u)
v = set(range(30))
for i in range(0, 30, 3):
    v.discard(i)
print(v)
print([v.pop() for _ in range(4)], v)
a = set(range(0, 40, 3))
b = set(range(0, 60, 5))
b.add(0.5)
print(a | b, a & b, a - b, b - a, a ^ b, b ^ a)
print(a.union([99, 98], (97,)), a.intersection(b, range(10)), a.difference([0, 3], {6}), a.symmetric_difference([3, 1000]))
c = set(a)
c.difference_update(range(0, 40, 6))
print(c)
c.intersection_update({9, 15, 21, 4})
print(c)
c.symmetric_difference_update({9, 1, 2})
print(c)
d = {"k1": 1, "k2": 2, "k3": 3}
print(set(d), set(d.items()) == {("k1", 1), ("k2", 2), ("k3", 3)}, d.keys() | {"z"}, d.keys() & {"k2", "q"}, d.keys() - {"k1"}, d.keys() ^ {"k1", "q"})
e = set()
for i in range(100):
    e.add(i * 37 % 101)
    if i % 4 == 0:
        e.discard((i * 11) % 101)
print(len(e), list(e)[:20])
f = {"one", "two", "three", "four", "five", "six"}
f -= {"two"}
f |= {"seven", "eight"}
print(f, len(f))
g = {0}
for i in range(1, 12):
    g ^= {i, i * 2}
print(g)
h = {-5, -4, -3, 3, 4, 5}
print(h, set(x % 7 for x in range(20)))

# expected output:
# {10, 3, 100} {5, -1, -2} {2, 5, 8, 11, 14, 17, 20} {1.5, 2, 3} {1099511627776, 2305843009213693951, 7}
# {'e', 'h', 'l', 'o'} {'banana', 'cherry', 'apple'} {'d', 'c', 'a', 'b'} {(1, 2), (3, 4), (0, 0)} {1, 2.5, 'x', (1, 'y')}
# {'brown', 'fox', 'the', 'over', 'quick', 'jumps', 'lazy', 'dog'} True
# {17, 9}
# {74, 11, 12, 13, 14, 15, 16, 17, 18, 19}
# {1, 2, 4, 5, 7, 8, 10, 11, 13, 14, 16, 17, 19, 20, 22, 23, 25, 26, 28, 29}
# [1, 2, 4, 5] {7, 8, 10, 11, 13, 14, 16, 17, 19, 20, 22, 23, 25, 26, 28, 29}
# {0, 0.5, 3, 5, 6, 9, 10, 12, 15, 18, 20, 21, 24, 25, 27, 30, 33, 35, 36, 39, 40, 45, 50, 55} {0, 30, 15} {33, 3, 36, 6, 39, 9, 12, 18, 21, 24, 27} {0.5, 35, 5, 40, 10, 45, 50, 20, 55, 25} {0.5, 3, 5, 6, 9, 10, 12, 18, 20, 21, 24, 25, 27, 33, 35, 36, 39, 40, 45, 50, 55} {0.5, 3, 5, 6, 9, 10, 12, 18, 20, 21, 24, 25, 27, 33, 35, 36, 39, 40, 45, 50, 55}
# {0, 33, 98, 3, 36, 99, 6, 39, 97, 9, 12, 15, 18, 21, 24, 27, 30} {0} {33, 36, 39, 9, 12, 15, 18, 21, 24, 27, 30} {0, 33, 36, 6, 39, 1000, 9, 12, 15, 18, 21, 24, 27, 30}
# {33, 3, 39, 9, 15, 21, 27}
# {9, 21, 15}
# {1, 2, 21, 15}
# {'k1', 'k3', 'k2'} True {'k1', 'k3', 'k2', 'z'} {'k2'} {'k3', 'k2'} {'k3', 'k2', 'q'}
# 88 [1, 3, 4, 5, 6, 7, 8, 9, 11, 12, 13, 14, 16, 17, 18, 19, 20, 21, 22, 24]
# {'one', 'seven', 'eight', 'five', 'three', 'six', 'four'} 7
# {0, 1, 3, 5, 7, 9, 11, 12, 14, 16, 18, 20, 22}
# {3, 4, 5, -5, -4, -3} {0, 1, 2, 3, 4, 5, 6}
