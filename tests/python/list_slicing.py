# List slicing with steps and negatives, slice assignment, del.
a = list(range(10))
print(a[2:7], a[:4], a[6:], a[-3:], a[:-7], a[::3], a[::-1], a[-1:-5:-1], a[7:2:-2])
print(a[100:], a[-100:3], a[3:1], a[5:5], a[::-4], a[1:9:-1])
b = a[:]
b[2:5] = [20, 30]
print(b)
b[1:1] = [100, 101, 102]
print(b)
b[:3] = []
print(b)
b[-2:] = "xy"
print(b)
c = list(range(8))
c[::2] = [0, 0, 0, 0]
print(c)
c[1::3] = ["a", "b", "c"]
print(c)
d = list(range(10))
del d[0]
del d[-1]
print(d)
del d[1:3]
print(d)
del d[::2]
print(d)
e = [1, 2, 3, 4, 5]
e[len(e):] = [6, 7]
e[:0] = [0]
print(e)
e[:] = [9]
print(e)
t = (0, 1, 2, 3, 4, 5)
print(t[1:4], t[::-2], t[-2:], t[:0])
grid = [[r * 3 + c for c in range(3)] for r in range(3)]
print([row[1] for row in grid], grid[1][::-1], grid[-1][-1], grid[::2])
try:
    c[::2] = [1, 2]
except ValueError as e:
    print("ValueError:", e)

# expected output:
# [2, 3, 4, 5, 6] [0, 1, 2, 3] [6, 7, 8, 9] [7, 8, 9] [0, 1, 2] [0, 3, 6, 9] [9, 8, 7, 6, 5, 4, 3, 2, 1, 0] [9, 8, 7, 6] [7, 5, 3]
# [] [0, 1, 2] [] [] [9, 5, 1] []
# [0, 1, 20, 30, 5, 6, 7, 8, 9]
# [0, 100, 101, 102, 1, 20, 30, 5, 6, 7, 8, 9]
# [102, 1, 20, 30, 5, 6, 7, 8, 9]
# [102, 1, 20, 30, 5, 6, 7, 'x', 'y']
# [0, 1, 0, 3, 0, 5, 0, 7]
# [0, 'a', 0, 3, 'b', 5, 0, 'c']
# [1, 2, 3, 4, 5, 6, 7, 8]
# [1, 4, 5, 6, 7, 8]
# [4, 6, 8]
# [0, 1, 2, 3, 4, 5, 6, 7]
# [9]
# (1, 2, 3) (5, 3, 1) (4, 5) ()
# [1, 4, 7] [5, 4, 3] 8 [[0, 1, 2], [6, 7, 8]]
# ValueError: attempt to assign sequence of size 2 to extended slice of size 4
