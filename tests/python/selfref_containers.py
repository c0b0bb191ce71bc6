# Self-referencing and deeply nested containers: repr prints [...] / {...},
# comparisons and repr of very deep nesting are RecursionErrors (never a
# crash), and a deeply nested list is freed at the end of the run.
a = [1]
a.append(a)
print(a, len(a), a[1] is a)
d = {"k": 1}
d["self"] = d
print(d)
t = (a,)
a.append(t)
print(a)
b = [a, {"d": d}]
print(b)
print(str(a) == repr(a), a == a, d == d)
e = {}
e["x"] = [e, (e,)]
print(e)
x = []
x.append(x)
y = []
y.append(y)
try:
    print(x == y)
except RecursionError as err:
    print("RecursionError:", err)
p = {}
p["a"] = p
q = {}
q["a"] = q
try:
    print(p == q)
except RecursionError as err:
    print("RecursionError:", err)
deep = []
for i in range(100000):
    deep = [deep]
try:
    print(len(repr(deep)))
except RecursionError as err:
    print("RecursionError:", err)
other = []
for i in range(100000):
    other = [other]
try:
    print(deep == other)
except RecursionError as err:
    print("RecursionError:", err)
try:
    print(deep < other)
except RecursionError as err:
    print("RecursionError:", err)
nest = {}
for i in range(50000):
    nest = {"n": nest}
try:
    print(str(nest)[:5])
except RecursionError as err:
    print("RecursionError:", err)
tup = ()
for i in range(50000):
    tup = (tup, i)
try:
    print(repr(tup)[:5])
except RecursionError as err:
    print("RecursionError:", err)
print(deep is deep, [deep] == [deep], deep in [deep])
keep = []
for i in range(300000):
    keep = [keep, i]
print("built")

# expected output:
# [1, [...]] 2 True
# {'k': 1, 'self': {...}}
# [1, [...], ([...],)]
# [[1, [...], ([...],)], {'d': {'k': 1, 'self': {...}}}]
# True True True
# {'x': [{...}, ({...},)]}
# RecursionError: maximum recursion depth exceeded in comparison
# RecursionError: maximum recursion depth exceeded in comparison
# RecursionError: maximum recursion depth exceeded while getting the repr of an object
# RecursionError: maximum recursion depth exceeded in comparison
# RecursionError: maximum recursion depth exceeded in comparison
# RecursionError: maximum recursion depth exceeded while getting the repr of an object
# RecursionError: maximum recursion depth exceeded while getting the repr of an object
# True True True
# built
