# copy: copy and deepcopy of containers, instances, namedtuples and the
# collections classes, the __copy__/__deepcopy__ hooks and the memo, with
# CPython 3.11's results.
import copy
import collections
import types

a = [1, [2, 3], {'k': (4, [5])}]
b = copy.copy(a)
c = copy.deepcopy(a)
print(b, c, b[1] is a[1], c[1] is a[1], c[2]['k'] is a[2]['k'], c[2]['k'][0])
a[1].append(9)
print(a, b, c)
t = (1, 2, 'x')
print(copy.copy(t) is t, copy.deepcopy(t) is t, copy.deepcopy((1, [2]))[1] is (1, [2])[1])
cyc = [1]
cyc.append(cyc)
dc = copy.deepcopy(cyc)
print(dc[1] is dc, dc is cyc, dc)
d = {'a': 1}
e = {'x': d, 'y': d}
f = copy.deepcopy(e)
print(f['x'] is f['y'], f['x'] is d)

class P:
    def __init__(self, v):
        self.v = v
        self.items = [v]
    def __repr__(self):
        return f'P({self.v}, {self.items})'
p = P(3)
q = copy.copy(p)
r = copy.deepcopy(p)
p.items.append(4)
print(p, q, r, type(r).__name__, q.items is p.items, r.items is p.items)

class H:
    def __init__(self):
        self.n = 0
    def __copy__(self):
        print('copy hook')
        h = H()
        h.n = self.n + 1
        return h
    def __deepcopy__(self, memo):
        print('deepcopy hook', type(memo).__name__, id(self) in memo)
        h = H()
        h.n = self.n + 100
        return h
h = H()
print(copy.copy(h).n, copy.deepcopy(h).n, copy.deepcopy([h, h])[1].n)
Pt = collections.namedtuple('Pt', 'x y')
pt = Pt([1], 2)
pc = copy.deepcopy(pt)
print(pc, type(pc).__name__, pc.x is pt.x, copy.copy(pt) == pt)
od = collections.OrderedDict(a=[1])
dd = collections.defaultdict(list, {'z': [1]})
cn = collections.Counter('aab')
dq = collections.deque([[1], 2], maxlen=3)
for o in (od, dd, cn, dq):
    s, dp = copy.copy(o), copy.deepcopy(o)
    print(s, dp, type(s).__name__, type(dp).__name__)
dq2 = copy.copy(dq)
dq2.append(7)
print(dq, dq2)
ns = types.SimpleNamespace(a=[1])
ns2 = copy.deepcopy(ns)
ns2.a.append(2)
print(ns, ns2)
s = {1, 2, (3, 4)}
print(copy.copy(s) == s, copy.deepcopy(s) == s, copy.copy(s) is s)
def fn(): pass
print(copy.copy(fn) is fn, copy.deepcopy(fn) is fn, copy.deepcopy(len) is len, copy.deepcopy(int) is int)
class M:
    def __init__(self): self.k = [1]
    def get(self): return self.k
m = M()
bm = copy.deepcopy(m.get)
print(bm(), bm() is m.k, bm.__self__ is m)
memo = {}
x = [1]
y = copy.deepcopy([x, x], memo)
print(y[0] is y[1], id(x) in memo)

# expected output:
# [1, [2, 3], {'k': (4, [5])}] [1, [2, 3], {'k': (4, [5])}] True False False 4
# [1, [2, 3, 9], {'k': (4, [5])}] [1, [2, 3, 9], {'k': (4, [5])}] [1, [2, 3], {'k': (4, [5])}]
# True True False
# True False [1, [...]]
# True False
# P(3, [3, 4]) P(3, [3, 4]) P(3, [3]) P True False
# copy hook
# deepcopy hook dict False
# deepcopy hook dict False
# 1 100 100
# Pt(x=[1], y=2) Pt False True
# OrderedDict([('a', [1])]) OrderedDict([('a', [1])]) OrderedDict OrderedDict
# defaultdict(<class 'list'>, {'z': [1]}) defaultdict(<class 'list'>, {'z': [1]}) defaultdict defaultdict
# Counter({'a': 2, 'b': 1}) Counter({'a': 2, 'b': 1}) Counter Counter
# deque([[1], 2], maxlen=3) deque([[1], 2], maxlen=3) deque deque
# deque([[1], 2], maxlen=3) deque([[1], 2, 7], maxlen=3)
# namespace(a=[1]) namespace(a=[1, 2])
# True True False
# True True True True
# [1] False False
# True True
