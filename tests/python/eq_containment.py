# in / index / count / remove use == (containers by value, user __eq__),
# identity first; != inverts __eq__; reflected comparisons.
a = [[1, 2], [3], {"k": [1]}, (1, [2])]
print([3] in a, [1, 2] in a, {"k": [1]} in a, (1, [2]) in a, [4] in a, a.index([3]), a.count([1, 2]))
a.remove([1, 2])
print(a, 2 in [1, 2] in [[1, 2]], [1] in [[1], [2]], (1, 2) in [(1, 2)], 1.0 in [1], True in [1, 2])
class P:
    def __init__(self, x):
        self.x = x
    def __eq__(self, o):
        return isinstance(o, P) and self.x == o.x
    def __repr__(self):
        return f"P({self.x})"
ps = [P(1), P(2), P(1)]
print(P(2) in ps, P(3) in ps, ps.index(P(2)), ps.count(P(1)), P(1) == P(1), P(1) != P(1), P(1) != P(2), P(1) == 1, 1 == P(1))
ps.remove(P(1))
print(ps, ps.index(P(1), 1), (P(5),).count(P(5)))
nan = float("nan")
lst = [nan, 1.5]
print(nan in lst, lst.index(nan), lst.count(nan), nan is nan, nan == nan, nan != nan, [nan] == [nan], (nan,) == (nan,), {1: nan} == {1: nan})
x = nan
print(x is nan, x == x)
class Lt:
    def __init__(self, v):
        self.v = v
    def __lt__(self, o):
        return self.v < o.v
    def __repr__(self):
        return f"Lt({self.v})"
vals = [Lt(3), Lt(1), Lt(2)]
print(Lt(2) > Lt(1), Lt(1) > Lt(2), Lt(1) < Lt(2), max(vals), min(vals), sorted(vals), sorted(vals, reverse=True))
class Always:
    def __eq__(self, o):
        return True
print(1 == Always(), Always() == 1, Always() != 1, 1 != Always(), Always() in [5], [Always()] == [3])
class NotImpl:
    def __eq__(self, o):
        return NotImplemented
n = NotImpl()
print(n == n, n == NotImpl(), n != NotImpl(), n != n, n in [n], NotImpl() in [1, 2])
class Ge:
    def __ge__(self, o):
        return "ge called"
print(3 <= Ge(), Ge() >= 3)
print([1, 2] < [1, 3], [1, [2]] == [1, [2]], (1, (2, 3)) < (1, (2, 4)), {"a": [1]} == {"a": [1]}, {"a": [1]} != {"a": [2]})

# expected output:
# True True True True False 1 1
# [[3], {'k': [1]}, (1, [2])] True True True True True
# True False 1 2 True False True False False
# [P(2), P(1)] 1 1
# True 0 1 True False True True True True
# True False
# True False True Lt(3) Lt(1) [Lt(1), Lt(2), Lt(3)] [Lt(3), Lt(2), Lt(1)]
# True True False False True True
# True False True False True False
# ge called ge called
# True True True True True
