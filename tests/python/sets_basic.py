# The set type: literals, set(), methods, operators (and in-place forms),
# membership, comparisons, iteration and printing in CPython's order.
a = {1, 2, 3, 4}
b = {3, 4, 5, 6}
print(a | b, a & b, a - b, b - a, a ^ b)
print(a.union(b), a.intersection(b), a.difference(b), a.symmetric_difference(b))
print(a.union([9, 8], (7,)), a.issubset({1, 2, 3, 4, 5}), a.issuperset({1}), a.isdisjoint({7}))
c = set()
print(c, len(c), bool(c), set([]), set(()), set("aab"))
c.add(5); c.add(1); c.add(5)
print(c, 5 in c, 6 in c, 6 not in c, len(c))
c.discard(7); c.discard(5); print(c)
try:
    c.remove(42)
except KeyError as e:
    print("KeyError", e)
c.update([3, 2], {10}); print(c)
print(c.pop(), c)
c.clear(); print(c)
try:
    c.pop()
except KeyError as e:
    print("KeyError", e)
s = {"x", "y"}
t = s.copy(); t.add("z")
print(sorted(s), sorted(t), s == {"y", "x"}, s != t, s < t, t > s, s <= s, s >= t)
s |= {"w"}; print(sorted(s))
s &= {"w", "x"}; print(sorted(s))
s -= {"w"}; print(s)
s ^= {"x", "q"}; print(s)
words = "to be or not to be that is the question".split()
print(len(set(words)), sorted(set(words)))
print({(1, 2), (1, 2), (2, 1)} == {(2, 1), (1, 2)})
for x in {10, 20, 30}:
    print(x, end=";")
print()
print(list({3, 1, 2}), sorted({3, 1, 2}, reverse=True), sum({1, 2, 3}), max({4, 9, 2}), min({4, 9, 2}))
print({1, 2} | {2.0, 3}, {True, 1, 1.0}, {0, False})
try:
    {[1]}
except TypeError as e:
    print("TypeError", e)
try:
    s = {1}
    for v in s:
        s.add(v + 1)
except RuntimeError as e:
    print("RuntimeError", e)
d = {"k": 1, "j": 2}
print(d.keys() | {"z"} == {"k", "j", "z"}, d.keys() & {"k"}, d.keys() - {"k"})
print(set(d), set(d.values()) == {1, 2}, set(d.items()) == {("k", 1), ("j", 2)})
print({-1, -2, -3}, {1000000, 1, 7}, {0.5, 0.25}, {2 ** 62, 1})
print(type(set()), type({1}) is set, isinstance({1}, set), repr({"a"}))
e = {1, 2, 3}
e.intersection_update({2, 3, 4}); print(e)
e.difference_update({3}); print(e)
e.symmetric_difference_update({2, 9}); print(e)
print(set.union({1}, {2}), {1, 2}.issubset([1, 2, 3]))

# expected output:
# {1, 2, 3, 4, 5, 6} {3, 4} {1, 2} {5, 6} {1, 2, 5, 6}
# {1, 2, 3, 4, 5, 6} {3, 4} {1, 2} {1, 2, 5, 6}
# {1, 2, 3, 4, 7, 8, 9} True True True
# set() 0 False set() set() {'a', 'b'}
# {1, 5} True False True 2
# {1}
# KeyError 42
# {1, 2, 3, 10}
# 1 {2, 3, 10}
# set()
# KeyError 'pop from an empty set'
# ['x', 'y'] ['x', 'y', 'z'] True True True True True False
# ['w', 'x', 'y']
# ['w', 'x']
# {'x'}
# {'q'}
# 8 ['be', 'is', 'not', 'or', 'question', 'that', 'the', 'to']
# True
# 10;20;30;
# [1, 2, 3] [3, 2, 1] 6 9 2
# {1, 2, 3} {True} {0}
# TypeError unhashable type: 'list'
# RuntimeError Set changed size during iteration
# True {'k'} {'j'}
# {'j', 'k'} True True
# {-3, -1, -2} {1000000, 1, 7} {0.5, 0.25} {1, 4611686018427387904}
# <class 'set'> True True {'a'}
# {2, 3}
# {2}
# {9}
# {1, 2} True
