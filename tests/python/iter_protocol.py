# Iteration protocols of user classes: __iter__ returning self with
# __next__ (StopIteration ends it), __iter__ returning an iterator, and
# the old protocol of __getitem__ (IndexError ends it).
class Counter:
    def __init__(self, n):
        self.n = n
        self.i = 0
    def __iter__(self):
        return self
    def __next__(self):
        if self.i >= self.n:
            raise StopIteration
        self.i += 1
        return self.i
c = Counter(3)
print(list(c), list(c), next(Counter(1)), next(iter(Counter(0)), "dflt"), list(zip(Counter(2), "ab")), max(Counter(4)), dict(zip(Counter(2), Counter(2))), sum(Counter(4)), 2 in Counter(3), sorted(Counter(3), reverse=True))
for x in Counter(2):
    print("item", x)
class Wrap:
    def __init__(self, xs):
        self.xs = xs
    def __iter__(self):
        return iter(self.xs)
w = Wrap([3, 1, 2])
print(list(w), [y * 2 for y in w], sum(w), 2 in w, sorted(w), tuple(w), set(w), dict.fromkeys(w), list(enumerate(w)), min(w))
class Seq:
    def __getitem__(self, i):
        if i >= 4:
            raise IndexError(i)
        return i * i
print(list(Seq()), [x for x in Seq()], 9 in Seq(), 5 in Seq(), sum(Seq()), sorted(Seq(), reverse=True), tuple(Seq()))
a, b, c2, d = Seq()
print(a, d, list(reversed(Wrap([1, 2]).xs)))
class Sized(Seq):
    def __len__(self):
        return 4
print(list(reversed(Sized())))
class Bad:
    def __iter__(self):
        return 5
try:
    for x in Bad():
        pass
except TypeError as e:
    print("TypeError", e)
try:
    next(Wrap([]))
except TypeError as e:
    print("TypeError", e)
try:
    iter(5)
except TypeError as e:
    print("TypeError", e)
it = iter([1, 2])
print(next(it), next(it), next(it, "end"))
try:
    next(it)
except StopIteration:
    print("StopIteration")

# expected output:
# [1, 2, 3] [] 1 dflt [(1, 'a'), (2, 'b')] 4 {1: 1, 2: 2} 10 True [3, 2, 1]
# item 1
# item 2
# [3, 1, 2] [6, 2, 4] 6 True [1, 2, 3] (3, 1, 2) {1, 2, 3} {3: None, 1: None, 2: None} [(0, 3), (1, 1), (2, 2)] 1
# [0, 1, 4, 9] [0, 1, 4, 9] True False 14 [9, 4, 1, 0] (0, 1, 4, 9)
# 0 9 [2, 1]
# [9, 4, 1, 0]
# TypeError iter() returned non-iterator of type 'int'
# TypeError 'Wrap' object is not an iterator
# TypeError 'int' object is not iterable
# 1 2 end
# StopIteration
