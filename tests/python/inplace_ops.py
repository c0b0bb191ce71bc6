# Augmented assignment: lists, dicts and sets change in place; user
# classes use __iadd__ & co, falling back to the binary operator.
x = [1, 2]
y = x
x *= 2
print(x, y, x is y)
x += [3]
print(y)
x *= 0
print(x, y)
z = [0]
z *= -3
print(z)
class Box:
    def __init__(self):
        self.items = [1]
b = Box()
alias = b.items
b.items *= 3
b.items += (4,)
print(alias)
d = {"k": [1]}
v = d["k"]
d["k"] *= 2
print(v)
g = [5]
def grow():
    global g
    g *= 2
h = g
grow()
print(g, h)
m = {"a": 1}
n = m
m |= {"b": 2}
print(m is n, n)
s = {1, 2}
t = s
s |= {3}
s &= {1, 3, 4}
s -= {1}
s ^= {3, 7}
print(s, t, s is t)
class Acc:
    def __init__(self):
        self.log = []
    def __iadd__(self, o):
        self.log.append(("iadd", o))
        return self
    def __add__(self, o):
        return ("add", o)
    def __isub__(self, o):
        return NotImplemented
    def __sub__(self, o):
        return ("sub", o)
    def __imul__(self, o):
        return "replaced"
acc = Acc()
same = acc
acc += 1
print(acc is same, acc.log)
acc -= 2
print(acc)
other = Acc()
other *= 3
print(other)
q = 5
q += 2.5
q //= 2
print(q)
try:
    w = [1]
    w -= [1]
except TypeError as e:
    print("TypeError:", e)
try:
    st = {1}
    st |= [2]
except TypeError as e:
    print("TypeError:", e)

# expected output:
# [1, 2, 1, 2] [1, 2, 1, 2] True
# [1, 2, 1, 2, 3]
# [] []
# []
# [1, 1, 1, 4]
# [1, 1]
# [5, 5] [5, 5]
# True {'a': 1, 'b': 2}
# {7} {7} True
# True [('iadd', 1)]
# ('sub', 2)
# replaced
# 3.0
# TypeError: unsupported operand type(s) for -=: 'list' and 'list'
# TypeError: unsupported operand type(s) for |=: 'set' and 'list'
