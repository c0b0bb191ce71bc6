# collections: namedtuple, OrderedDict, defaultdict, Counter and deque with
# CPython 3.11's values, reprs and errors.
from collections import namedtuple, OrderedDict, defaultdict, Counter, deque
import collections

Point = namedtuple('Point', ['x', 'y'])
p = Point(1, y=2)
print(p, p.x, p.y, p[0], p[-1], len(p))
x, y = p
print(x, y, p == (1, 2), isinstance(p, tuple), isinstance(p, Point), type(p).__name__)
print(Point._fields, p._asdict(), p._replace(x=10), Point._make([5, 6]))
print(Point, type(p) is Point, hash(p) == hash((1, 2)), p + (3,), p[:1])
P3 = namedtuple('P3', 'a b c', defaults=[0, 9])
print(P3(1), P3(1, 2), P3(1, 2, 3), P3._field_defaults)
print(str(p), repr(P3(a=[1], b='s')), sorted([Point(2, 1), Point(1, 5)]))
for bad in [lambda: Point(1), lambda: Point(1, 2, 3), lambda: Point(1, z=2), lambda: p._replace(z=1),
            lambda: Point._make([1]), lambda: namedtuple('Q', 'a a'), lambda: namedtuple('Q', '_a'),
            lambda: namedtuple('Q', 'class'), lambda: namedtuple('1Q', 'a'), lambda: p.z]:
    try:
        bad()
    except (TypeError, ValueError, AttributeError) as e:
        print(type(e).__name__, e)
R = namedtuple('R', 'a, def, a', rename=True)
print(R._fields)
class V(namedtuple('V', 'x y')):
    def norm(self):
        return self.x * self.x + self.y * self.y
v = V(3, 4)
print(v, v.norm(), isinstance(v, tuple), v._replace(x=0))

od = OrderedDict()
od['b'] = 1
od['a'] = 2
od['c'] = 3
print(od, list(od), od['a'], len(od))
od.move_to_end('b')
print(od)
od.move_to_end('c', last=False)
print(od)
print(od.popitem(), od.popitem(last=False), od)
print(OrderedDict([('x', 1)], y=2), OrderedDict(), isinstance(od, dict), type(od))
od2 = od.copy()
od2['z'] = 0
print(od, od2, type(od2).__name__)

dd = defaultdict(list)
dd['a'].append(1)
dd['a'].append(2)
dd['b']
print(dd, dd.default_factory, 'c' in dd, dd.get('c'), len(dd))
di = defaultdict(int, {'k': 1})
di['k'] += 1
di['j'] += 5
print(di, dict(di), isinstance(di, dict))
dn = defaultdict()
print(dn)
try:
    dn['q']
except KeyError as e:
    print('KeyError', e)
try:
    defaultdict(3)
except TypeError as e:
    print(e)
print(defaultdict(lambda: 7)['x'] + 1)

c = Counter('abracadabra')
print(c, c['a'], c['z'], c.most_common(2), c.most_common())
c.update('aaz')
c.update({'b': 10})
print(c, c.total(), sorted(c.elements())[:5])
c.subtract(a=5)
print(c)
c1 = Counter(a=3, b=1)
c2 = Counter(a=1, b=2)
print(c1 + c2, c1 - c2, c1 | c2, c1 & c2, Counter(), isinstance(c1, dict))
print(Counter([1, 2, 2, 3, 3, 3]).most_common(1))

d = deque([1, 2, 3])
d.append(4)
d.appendleft(0)
print(d, len(d), d[0], d[-1], 3 in d)
print(d.pop(), d.popleft(), d)
d.extend([7, 8])
d.extendleft([-1, -2])
print(d)
d.rotate(2)
print(d)
d.rotate(-3)
print(d, list(d), d.count(7), d.index(7))
m = deque(range(5), maxlen=3)
print(m, m.maxlen)
m.append(9)
m.appendleft(8)
print(m, deque() == deque([]), deque([1]) == deque([1]), deque(maxlen=0))
try:
    deque().pop()
except IndexError as e:
    print(e)
try:
    d[100]
except IndexError as e:
    print(e)
print(collections.OrderedDict.__name__, Counter.__name__)
o1 = OrderedDict(a=1, b=2)
o2 = OrderedDict(b=2, a=1)
print(o1 == o2, o1 != o2, o1 == dict(o2), dict(o1) == o2, o1 == OrderedDict(a=1, b=2))

# expected output:
# Point(x=1, y=2) 1 2 1 2 2
# 1 2 True True True Point
# ('x', 'y') {'x': 1, 'y': 2} Point(x=10, y=2) Point(x=5, y=6)
# <class '__main__.Point'> True True (1, 2, 3) (1,)
# P3(a=1, b=0, c=9) P3(a=1, b=2, c=9) P3(a=1, b=2, c=3) {'b': 0, 'c': 9}
# Point(x=1, y=2) P3(a=[1], b='s', c=9) [Point(x=1, y=5), Point(x=2, y=1)]
# TypeError Point.__new__() missing 1 required positional argument: 'y'
# TypeError Point.__new__() takes 3 positional arguments but 4 were given
# TypeError Point.__new__() got an unexpected keyword argument 'z'
# ValueError Got unexpected field names: ['z']
# TypeError Expected 2 arguments, got 1
# ValueError Encountered duplicate field name: 'a'
# ValueError Field names cannot start with an underscore: '_a'
# ValueError Type names and field names cannot be a keyword: 'class'
# ValueError Type names and field names must be valid identifiers: '1Q'
# AttributeError 'Point' object has no attribute 'z'
# ('a', '_1', '_2')
# V(x=3, y=4) 25 True V(x=0, y=4)
# OrderedDict([('b', 1), ('a', 2), ('c', 3)]) ['b', 'a', 'c'] 2 3
# OrderedDict([('a', 2), ('c', 3), ('b', 1)])
# OrderedDict([('c', 3), ('a', 2), ('b', 1)])
# ('b', 1) ('c', 3) OrderedDict([('a', 2)])
# OrderedDict([('x', 1), ('y', 2)]) OrderedDict() True <class 'collections.OrderedDict'>
# OrderedDict([('a', 2)]) OrderedDict([('a', 2), ('z', 0)]) OrderedDict
# defaultdict(<class 'list'>, {'a': [1, 2], 'b': []}) <class 'list'> False None 2
# defaultdict(<class 'int'>, {'k': 2, 'j': 5}) {'k': 2, 'j': 5} True
# defaultdict(None, {})
# KeyError 'q'
# first argument must be callable or None
# 8
# Counter({'a': 5, 'b': 2, 'r': 2, 'c': 1, 'd': 1}) 5 0 [('a', 5), ('b', 2)] [('a', 5), ('b', 2), ('r', 2), ('c', 1), ('d', 1)]
# Counter({'b': 12, 'a': 7, 'r': 2, 'c': 1, 'd': 1, 'z': 1}) 24 ['a', 'a', 'a', 'a', 'a']
# Counter({'b': 12, 'a': 2, 'r': 2, 'c': 1, 'd': 1, 'z': 1})
# Counter({'a': 4, 'b': 3}) Counter({'a': 2}) Counter({'a': 3, 'b': 2}) Counter({'a': 1, 'b': 1}) Counter() True
# [(3, 3)]
# deque([0, 1, 2, 3, 4]) 5 0 4 True
# 4 0 deque([1, 2, 3])
# deque([-2, -1, 1, 2, 3, 7, 8])
# deque([7, 8, -2, -1, 1, 2, 3])
# deque([-1, 1, 2, 3, 7, 8, -2]) [-1, 1, 2, 3, 7, 8, -2] 1 4
# deque([2, 3, 4], maxlen=3) 3
# deque([8, 3, 4], maxlen=3) True True deque([], maxlen=0)
# pop from an empty deque
# deque index out of range
# OrderedDict Counter
# False True True True True
