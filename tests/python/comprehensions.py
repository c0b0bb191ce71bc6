# List and dict comprehensions, nested and with conditions; generator args.
print([x * x for x in range(6)])
print([x for x in range(20) if x % 3 == 0 if x % 2 == 0])
print([(i, j) for i in range(3) for j in range(i)])
print([[i * j for j in range(1, 4)] for i in range(1, 4)])
m = [[1, 2, 3], [4, 5, 6]]
print([row[c] for c in range(3) for row in m], [[row[c] for row in m] for c in range(3)])
print([v for row in m for v in row if v % 2])
print(["even" if k % 2 == 0 else "odd" for k in range(4)])
print([c.upper() for c in "abc"], [len(w) for w in "the quick brown fox".split()])
print({k: k * k for k in range(5)}, {w: len(w) for w in ["aa", "b", "aa"]})
print({k: v for k, v in zip("abc", [1, 2, 3]) if v != 2})
print({(i, j): i + j for i in range(2) for j in range(2)})
print(sum(x for x in range(10)), max(len(w) for w in ["a", "abc", "ab"]), sum([x / 2 for x in range(4)]))
print([x for x in []], [y for y in range(3) if False], [[] for _ in range(2)])
x = "outer"
squares = [x * 2 for x in range(3)]
print(x, squares)
funcs = [lambda v, k=k: v + k for k in range(3)]
print([f(10) for f in funcs])
late = [lambda: k for k in range(3)]
print([f() for f in late])
pairs = [(a, b) for a in range(1, 8) for b in range(a, 8) if a * b == 6]
print(pairs)
flat = [item for sub in [[1, 2], [], [3], [4, 5, 6]] for item in sub]
print(flat, [i for i, v in enumerate(flat) if v > 3])
print(tuple(v * 2 for v in (1, 2)), list(c for c in "hi"))

# expected output:
# [0, 1, 4, 9, 16, 25]
# [0, 6, 12, 18]
# [(1, 0), (2, 0), (2, 1)]
# [[1, 2, 3], [2, 4, 6], [3, 6, 9]]
# [1, 4, 2, 5, 3, 6] [[1, 4], [2, 5], [3, 6]]
# [1, 3, 5]
# ['even', 'odd', 'even', 'odd']
# ['A', 'B', 'C'] [3, 5, 5, 3]
# {0: 0, 1: 1, 2: 4, 3: 9, 4: 16} {'aa': 2, 'b': 1}
# {'a': 1, 'c': 3}
# {(0, 0): 0, (0, 1): 1, (1, 0): 1, (1, 1): 2}
# 45 3 3.0
# [] [] [[], []]
# outer [0, 2, 4]
# [10, 11, 12]
# [2, 2, 2]
# [(1, 6), (2, 3)]
# [1, 2, 3, 4, 5, 6] [3, 4, 5]
# (2, 4) ['h', 'i']
