# itertools: the lazy iterators with CPython 3.11's values, laziness,
# reprs and argument errors.
import itertools
from itertools import (accumulate, chain, combinations, combinations_with_replacement, compress,
                       count, cycle, dropwhile, filterfalse, groupby, islice, pairwise,
                       permutations, product, repeat, starmap, takewhile, zip_longest)
import operator


def t(f):
    try:
        r = f()
        print(repr(r))
    except Exception as e:
        print(type(e).__name__ + ":", e)


print(list(chain([1, 2], (3,), "ab", range(2))), list(chain()), list(chain.from_iterable([[1], [2, 3]])))
c = count(5)
print(next(c), next(c), c, count(1, 2), count(0.5), count(step=2), list(islice(count(1, 3), 4)))
print(list(repeat('x', 3)), repeat(1, 3), repeat(1), list(repeat(1, times=-1)))
r = repeat(7, 2)
next(r)
print(r)
print(list(islice('ABCDEFG', 2)), list(islice('ABCDEFG', 2, 4)), list(islice('ABCDEFG', 2, None)),
      list(islice('ABCDEFG', 0, None, 2)), list(islice(range(10), 1, 9, 3)))
print(list(zip_longest('ABCD', 'xy', fillvalue='-')), list(zip_longest([1, 2], [3])), list(zip_longest()))
print(list(product('ab', range(2))), list(product([1, 2], repeat=2)), list(product()), list(product([], [1])))
print(list(product('ab', repeat=0)))
print(list(permutations('ABC', 2)), list(permutations(range(3))), list(permutations([1], 2)), list(permutations([], 0)))
print(list(combinations('ABCD', 2)), list(combinations(range(4), 3)), list(combinations([1], 2)), list(combinations([1, 2], 0)))
print(list(combinations_with_replacement('ABC', 2)), list(combinations_with_replacement([], 1)))
print(list(accumulate([1, 2, 3, 4, 5])), list(accumulate([1, 2, 3], operator.mul)), list(accumulate([1, 2], initial=100)),
      list(accumulate([], initial=1)), list(accumulate([3, 1, 4], max)), list(accumulate('abc')))
print(list(starmap(pow, [(2, 5), (3, 2)])), list(starmap(lambda *a: sum(a), [[1, 2, 3], []])))
print([(k, list(g)) for k, g in groupby('AAAABBBCCDAABBB')], [(k, list(g)) for k, g in groupby([1, 2, 4, 5, 7], key=lambda x: x // 2)])
groups = groupby('aabbc')
k1, g1 = next(groups)
k2, g2 = next(groups)
print(k1, list(g1), k2, list(g2), [k for k, _ in groups])
print(list(pairwise('ABCD')), list(pairwise([1])), list(pairwise([])))
cy = cycle('AB')
print([next(cy) for _ in range(5)], list(cycle([])))
print(list(compress('ABCDEF', [1, 0, 1, 0, 1, 1])), list(takewhile(lambda x: x < 5, [1, 4, 6, 4, 1])),
      list(dropwhile(lambda x: x < 5, [1, 4, 6, 4, 1])), list(filterfalse(lambda x: x % 2, range(10))))
it = chain([1], [2])
print(next(it), next(it), next(it, "end"))

calls = []


def gen(n):
    calls.append(n)
    return n


lazy = map(gen, range(100))
first = list(islice(zip_longest(range(3), 'ab'), 2))
print(first)
t(lambda: count('a'))
t(lambda: repeat())
t(lambda: combinations([1]))
t(lambda: permutations(3))
t(lambda: islice([1], -1))
t(lambda: islice([1], 0, 1, 0))
t(lambda: islice([1], 'a'))
t(lambda: islice([1], -1, 2))
t(lambda: islice([1]))
t(lambda: islice([1], 1, 2, 3, 4))
t(lambda: list(chain(1)))
t(lambda: product([1], repeat=-1))
t(lambda: combinations([1], -1))
t(lambda: permutations([1], -1))
t(lambda: accumulate())
t(lambda: starmap(len))
t(lambda: pairwise())
t(lambda: groupby())
t(lambda: cycle())
t(lambda: product(repeat='a'))
t(lambda: chain.from_iterable(1))
t(lambda: list(chain.from_iterable([1])))

# expected output:
# [1, 2, 3, 'a', 'b', 0, 1] [] [1, 2, 3]
# 5 6 count(7) count(1, 2) count(0.5) count(0, 2) [1, 4, 7, 10]
# ['x', 'x', 'x'] repeat(1, 3) repeat(1) []
# repeat(7, 1)
# ['A', 'B'] ['C', 'D'] ['C', 'D', 'E', 'F', 'G'] ['A', 'C', 'E', 'G'] [1, 4, 7]
# [('A', 'x'), ('B', 'y'), ('C', '-'), ('D', '-')] [(1, 3), (2, None)] []
# [('a', 0), ('a', 1), ('b', 0), ('b', 1)] [(1, 1), (1, 2), (2, 1), (2, 2)] [()] []
# [()]
# [('A', 'B'), ('A', 'C'), ('B', 'A'), ('B', 'C'), ('C', 'A'), ('C', 'B')] [(0, 1, 2), (0, 2, 1), (1, 0, 2), (1, 2, 0), (2, 0, 1), (2, 1, 0)] [] [()]
# [('A', 'B'), ('A', 'C'), ('A', 'D'), ('B', 'C'), ('B', 'D'), ('C', 'D')] [(0, 1, 2), (0, 1, 3), (0, 2, 3), (1, 2, 3)] [] [()]
# [('A', 'A'), ('A', 'B'), ('A', 'C'), ('B', 'B'), ('B', 'C'), ('C', 'C')] []
# [1, 3, 6, 10, 15] [1, 2, 6] [100, 101, 103] [1] [3, 3, 4] ['a', 'ab', 'abc']
# [32, 9] [6, 0]
# [('A', ['A', 'A', 'A', 'A']), ('B', ['B', 'B', 'B']), ('C', ['C', 'C']), ('D', ['D']), ('A', ['A', 'A']), ('B', ['B', 'B', 'B'])] [(0, [1]), (1, [2]), (2, [4, 5]), (3, [7])]
# a [] b ['b', 'b'] ['c']
# [('A', 'B'), ('B', 'C'), ('C', 'D')] [] []
# ['A', 'B', 'A', 'B', 'A'] []
# ['A', 'C', 'E', 'F'] [1, 4] [6, 4, 1] [0, 2, 4, 6, 8]
# 1 2 end
# [(0, 'a'), (1, 'b')]
# TypeError: a number is required
# TypeError: repeat() missing required argument 'object' (pos 1)
# TypeError: combinations() missing required argument 'r' (pos 2)
# TypeError: 'int' object is not iterable
# ValueError: Stop argument for islice() must be None or an integer: 0 <= x <= sys.maxsize.
# ValueError: Step for islice() must be a positive integer or None.
# ValueError: Stop argument for islice() must be None or an integer: 0 <= x <= sys.maxsize.
# ValueError: Indices for islice() must be None or an integer: 0 <= x <= sys.maxsize.
# TypeError: islice expected at least 2 arguments, got 1
# TypeError: islice expected at most 4 arguments, got 5
# TypeError: 'int' object is not iterable
# ValueError: repeat argument cannot be negative
# ValueError: r must be non-negative
# ValueError: r must be non-negative
# TypeError: accumulate() missing required argument 'iterable' (pos 1)
# TypeError: starmap expected 2 arguments, got 1
# TypeError: pairwise expected 1 argument, got 0
# TypeError: groupby() missing required argument 'iterable' (pos 1)
# TypeError: cycle expected 1 argument, got 0
# TypeError: 'str' object cannot be interpreted as an integer
# TypeError: 'int' object is not iterable
# TypeError: 'int' object is not iterable
