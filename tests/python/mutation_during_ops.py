# Containers changed by user code while they are compared, searched or
# printed: no stale reads, results as CPython's.
class Clear:
    def __eq__(self, o):
        L.clear()
        return False
L = [Clear(), Clear(), Clear()]
print(Clear() in L, len(L))
L = [Clear(), 1, 2]
print(L.count(Clear()), L)
L = [1, Clear(), 3]
try:
    L.index(99)
except ValueError as e:
    print("ValueError", e)
print(L)
class Shrink:
    def __eq__(self, o):
        del M[1:]
        return False
M = [Shrink(), 2, 3]
print([Shrink(), 2, 3] == M, len(M))
class R:
    def __repr__(self):
        Q.clear()
        return "R"
Q = [R(), R(), R()]
print(Q, Q)
class Grow:
    def __repr__(self):
        G.append(len(G))
        return "G"
G = [Grow()]
print(repr(G)[:40])
d = {"a": 1}
class DictMut:
    def __eq__(self, o):
        d.clear()
        return True
try:
    print({"a": DictMut()} == d, d)
except RuntimeError as e:
    print("RuntimeError", e)

# expected output:
# False 0
# 0 []
# ValueError 99 is not in list
# []
# False 1
# [R] []
# [G, 1]
# True {}
