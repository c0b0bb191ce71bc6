# range (incl. negative steps), enumerate with start, zip, reversed.
print(list(range(5)), list(range(2, 8)), list(range(0, 10, 3)), list(range(10, 0, -3)))
print(list(range(5, -6, -2)), list(range(0)), list(range(3, 3)), list(range(5, 0)), list(range(-3)))
print(list(range(-1, -10, -4)), list(range(0, -5, -1)), len(range(0, 100, 7)), len(range(10, 0, -3)))
r = range(1, 20, 4)
print(r[0], r[-1], r[1:3] == range(5, 13, 4), list(r[::-1]), 9 in r, 10 in r, sum(r))
print(range(5), range(1, 5), range(0, 10, 2), range(3, 0, -1))
for i, ch in enumerate("abc"):
    print(i, ch)
for i, ch in enumerate("abc", start=1):
    print(i, ch)
print(list(enumerate([10, 20], 5)), list(enumerate([], 3)), list(enumerate("xy", -1)))
print(list(zip([1, 2, 3], "abc")), list(zip([1, 2], "abcd", (True, False, None))), list(zip()), list(zip([])))
names = ["a", "b", "c"]
vals = [1, 2, 3]
for n, v in zip(names, vals):
    print(n, "=", v)
print(dict(zip(names, vals)), [a * b for a, b in zip(vals, reversed(vals))])
print(list(reversed([1, 2, 3])), list(reversed("abc")), list(reversed(range(4))), list(reversed((1,))))
print(list(reversed(range(1, 10, 3))), "".join(reversed("hello")), list(reversed([])))
for i in range(3, 0, -1):
    print("count", i)
for i in reversed(range(2)):
    print("rev", i)
m = [[1, 2, 3], [4, 5, 6]]
print([list(col) for col in zip(*m)], list(zip(*[(1, "a"), (2, "b")])))
for idx, (a, b) in enumerate(zip("xy", [7, 8]), start=10):
    print(idx, a, b)
lst = [1, 2, 3]
for x in lst:
    if x == 1:
        lst.append(4)
print(lst)
total = 0
for i in range(10 ** 6, 10 ** 6 + 3):
    total += i
print(total, list(range(-2, 3))[::2], max(range(7)), min(range(3, 9, 2)))
print(all([1, 2]), all([]), any([0, ""]), any([0, 3]), sum(range(0, -10, -1)))

# expected output:
# [0, 1, 2, 3, 4] [2, 3, 4, 5, 6, 7] [0, 3, 6, 9] [10, 7, 4, 1]
# [5, 3, 1, -1, -3, -5] [] [] [] []
# [-1, -5, -9] [0, -1, -2, -3, -4] 15 4
# 1 17 True [17, 13, 9, 5, 1] True False 45
# range(0, 5) range(1, 5) range(0, 10, 2) range(3, 0, -1)
# 0 a
# 1 b
# 2 c
# 1 a
# 2 b
# 3 c
# [(5, 10), (6, 20)] [] [(-1, 'x'), (0, 'y')]
# [(1, 'a'), (2, 'b'), (3, 'c')] [(1, 'a', True), (2, 'b', False)] [] []
# a = 1
# b = 2
# c = 3
# {'a': 1, 'b': 2, 'c': 3} [3, 4, 3]
# [3, 2, 1] ['c', 'b', 'a'] [3, 2, 1, 0] [1]
# [7, 4, 1] olleh []
# count 3
# count 2
# count 1
# rev 1
# rev 0
# [[1, 4], [2, 5], [3, 6]] [(1, 2), ('a', 'b')]
# 10 x 7
# 11 y 8
# [1, 2, 3, 4]
# 3000003 [-2, 0, 2] 6 3
# True True False True -45
