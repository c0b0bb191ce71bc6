# The iterator protocol: __iter__/__next__/StopIteration, iter() and next().
class Countdown:
    def __init__(self, n):
        self.n = n
    def __iter__(self):
        self.cur = self.n
        return self
    def __next__(self):
        if self.cur <= 0:
            raise StopIteration
        self.cur -= 1
        return self.cur + 1
print(list(Countdown(4)), [v * v for v in Countdown(3)], sum(Countdown(10)))
it = iter([1, 2, 3])
print(next(it), next(it), next(it), next(it, "done"))
try:
    next(it)
except StopIteration:
    print("StopIteration")
class Pairs:
    def __init__(self, items):
        self.items = items
    def __iter__(self):
        return PairIter(self.items)
class PairIter:
    def __init__(self, items):
        self.items = items
        self.i = 0
    def __iter__(self):
        return self
    def __next__(self):
        if self.i + 1 >= len(self.items):
            raise StopIteration
        pair = (self.items[self.i], self.items[self.i + 1])
        self.i += 1
        return pair
p = Pairs([1, 2, 4, 8])
print(list(p), list(p), [b - a for a, b in p])
for a, b in Pairs("xyz"):
    print(a + b)
print(dict(Pairs(["k", "v"])), max(Countdown(5)), sorted(Countdown(3)), tuple(zip(Countdown(2), "ab")))

# expected output:
# [4, 3, 2, 1] [9, 4, 1] 55
# 1 2 3 done
# StopIteration
# [(1, 2), (2, 4), (4, 8)] [(1, 2), (2, 4), (4, 8)] [1, 2, 4]
# xy
# yz
# {'k': 'v'} 5 [1, 2, 3] ((2, 'a'), (1, 'b'))
