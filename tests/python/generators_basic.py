# Generators: next(), iteration by for/list/sum/zip/max, StopIteration and
# its value, return in a generator, yield from (values, return value,
# recursion), generator methods, generators in comprehensions, nested
# loops and branches around yields, for/while else blocks.
import itertools


def count(n):
    i = 0
    while i < n:
        yield i
        i += 1
    return "done"


g = count(3)
print(next(g), next(g), next(g))
try:
    next(g)
except StopIteration as e:
    print("stop", e.value, repr(e), e.args)
try:
    next(g)
except StopIteration as e:
    print("again", e.value, e.args)
print(next(count(0), "default"), next(count(2), "default"))
print(list(count(5)), sum(count(10)), max(count(4)), tuple(count(2)))
print(list(zip(count(3), "abc")), dict(zip("ab", count(9))))
for x in count(2):
    print("x", x)
print([v * 10 for v in count(3)], {v: v * v for v in count(3)})
print(sum(v for v in count(4)), sorted(count(3), reverse=True))
print(3 in count(5), 7 in count(5))


def inner():
    yield 1
    yield 2
    return "inner-done"


def outer():
    r = yield from inner()
    print("got", r)
    yield from [10, 20]
    yield from range(2)
    yield 3


print(list(outer()))


class Tree:
    def __init__(self, v, kids=()):
        self.v = v
        self.kids = list(kids)

    def walk(self):
        yield self.v
        for k in self.kids:
            yield from k.walk()

    def __iter__(self):
        return self.walk()

    def leaves(self, depth=0):
        if not self.kids:
            yield (self.v, depth)
        for k in self.kids:
            yield from k.leaves(depth + 1)


t = Tree(1, [Tree(2, [Tree(4), Tree(5)]), Tree(3)])
print(list(t.walk()), list(t), max(t), list(t.leaves()))
g = t.walk()
print(type(g).__name__, g.__name__, g.__qualname__, g.gi_running)
print(repr(g).startswith("<generator object Tree.walk at 0x"))


def nested(n):
    for i in range(n):
        if i % 2:
            yield i
        elif i == 4:
            yield "four"
        else:
            for j in range(i):
                yield (i, j)


print(list(nested(6)))


def loops_else():
    for i in range(2):
        yield i
    else:
        yield "for-else"
    while False:
        pass
    else:
        yield "while-else"
    for i in range(5):
        if i == 1:
            break
        yield ("b", i)
    else:
        yield "not reached"
    k = 0
    while True:
        k += 1
        if k % 2:
            continue
        yield ("k", k)
        if k > 4:
            break


print(list(loops_else()))


def batches(data, size):
    batch = []
    for item in data:
        batch.append(item)
        if len(batch) == size:
            yield batch
            batch = []
    if batch:
        yield batch


print(list(batches(range(7), 3)))
for b in batches("abcde", 2):
    print(b)


def fib():
    a, b = 0, 1
    while True:
        yield a
        a, b = b, a + b


print(list(itertools.islice(fib(), 10)))
print(list(itertools.takewhile(lambda x: x < 50, fib())))
print(list(zip(fib(), "xyz")), list(enumerate(itertools.islice(fib(), 3))))
print(sum(1 for _ in itertools.islice(fib(), 5)), next(itertools.islice(fib(), 20, None)))


def closure_gen(k):
    def add(x):
        return x + k
    for i in range(3):
        yield add(i)
    k = 100
    yield add(0)


print(list(closure_gen(5)))


def gen_in_gen():
    for xs in ([1, 2], [3]):
        yield [x * 2 for x in xs]
        yield sum(x for x in xs)


print(list(gen_in_gen()))


def star_targets():
    a, *rest = yield
    yield (a, rest)


s = star_targets()
next(s)
print(s.send([1, 2, 3]))

# expected output:
# 0 1 2
# stop done StopIteration('done') ('done',)
# again None ()
# default 0
# [0, 1, 2, 3, 4] 45 3 (0, 1)
# [(0, 'a'), (1, 'b'), (2, 'c')] {'a': 0, 'b': 1}
# x 0
# x 1
# [0, 10, 20] {0: 0, 1: 1, 2: 4}
# 6 [2, 1, 0]
# True False
# got inner-done
# [1, 2, 10, 20, 0, 1, 3]
# [1, 2, 4, 5, 3] [1, 2, 4, 5, 3] 5 [(4, 2), (5, 2), (3, 1)]
# generator walk Tree.walk False
# True
# [1, (2, 0), (2, 1), 3, 'four', 5]
# [0, 1, 'for-else', 'while-else', ('b', 0), ('k', 2), ('k', 4), ('k', 6)]
# [[0, 1, 2], [3, 4, 5], [6]]
# ['a', 'b']
# ['c', 'd']
# ['e']
# [0, 1, 1, 2, 3, 5, 8, 13, 21, 34]
# [0, 1, 1, 2, 3, 5, 8, 13, 21, 34]
# [(0, 'x'), (1, 'y'), (1, 'z')] [(0, 0), (1, 1), (2, 1)]
# 5 6765
# [5, 6, 7, 100]
# [[2, 4], 3, [6], 3]
# (1, [2, 3])
