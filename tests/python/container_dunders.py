# The container protocol's dunders called as methods of builtin containers:
# the same operations as iter(), in, [] and len().
d = {"a": 1, "b": 2}
print(d.__contains__("a"), d.__contains__("z"), d.__len__(), d.__getitem__("b"))
print(list(d.__iter__()))
xs = [3, 1, 2]
print(xs.__len__(), xs.__getitem__(-1), xs.__getitem__(slice(0, 2)), xs.__contains__(2))
it = xs.__iter__()
print(next(it), next(it), next(it))
t = (4, 5, 6)
print(t.__len__(), t.__getitem__(1), t.__contains__(7))
s = "hello"
print(s.__len__(), s.__getitem__(1), s.__contains__("ll"))
r = range(2, 10, 3)
print(r.__len__(), r.__getitem__(-1), r.__contains__(5), list(r.__iter__()))
st = {1, 2, 3}
print(st.__len__(), st.__contains__(2), sorted(st.__iter__()))
try:
    s.__getitem__(9)
except IndexError as e:
    print("IndexError:", e)
try:
    d.__getitem__("z")
except KeyError as e:
    print("KeyError:", e)
try:
    xs.__len__(1)
except TypeError as e:
    print("TypeError")

# expected output:
# True False 2 2
# ['a', 'b']
# 3 2 [3, 1] True
# 3 1 2
# 3 5 False
# 5 e True
# 3 8 True [2, 5, 8]
# 3 True [1, 2, 3]
# IndexError: string index out of range
# KeyError: 'z'
# TypeError
