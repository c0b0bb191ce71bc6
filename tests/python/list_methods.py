# List methods, aliasing and copying.
a = [3, 1, 4]
a.append(1)
a.extend([5, 9])
a.insert(0, 2)
a.insert(100, 6)
a.insert(-1, 8)
print(a, len(a))
print(a.pop(), a.pop(0), a.pop(-2), a)
a.remove(1)
print(a, a.index(4), a.count(1), a.count(7), 9 in a)
a.reverse()
print(a)
a.sort()
print(a)
a.sort(reverse=True)
print(a)
b = a
c = a.copy()
d = a[:]
b.append(0)
print(a, c, d, a is b, a is c, a == c + [0])
c.clear()
print(c, len(c))
m = [[0] * 3 for _ in range(2)]
m[0][1] = 5
shared = [[0] * 2] * 2
shared[0][0] = 7
print(m, shared)
x = [1, 2]
y = x
x += [3]
print(x, y, x is y)
x = x + [4]
print(x, y, x is y)
z = [0] * 3 + [1] * 2
z *= 2
print(z, [1, 2] * 0, [] + [])
nested = [1, [2, 3], (4, 5), "six", None, 7.0]
print(nested, nested[1][0], nested[2][1], nested[3][1])
stack = []
for i in range(4):
    stack.append(i * i)
while stack:
    print(stack.pop(), end=" ")
print("done")
lst = [5, 2, 8]
lst[1] = lst[1] * 10
lst[-1] += 1
print(lst, [1, 2] == [1, 2], [1, 2] < [1, 3], [2] > [1, 9], [1, 2] < [1, 2, 0])

# expected output:
# [2, 3, 1, 4, 1, 5, 9, 8, 6] 9
# 6 2 9 [3, 1, 4, 1, 5, 8]
# [3, 4, 1, 5, 8] 1 1 0 False
# [8, 5, 1, 4, 3]
# [1, 3, 4, 5, 8]
# [8, 5, 4, 3, 1]
# [8, 5, 4, 3, 1, 0] [8, 5, 4, 3, 1] [8, 5, 4, 3, 1] True False True
# [] 0
# [[0, 5, 0], [0, 0, 0]] [[7, 0], [7, 0]]
# [1, 2, 3] [1, 2, 3] True
# [1, 2, 3, 4] [1, 2, 3] False
# [0, 0, 0, 1, 1, 0, 0, 0, 1, 1] [] []
# [1, [2, 3], (4, 5), 'six', None, 7.0] 2 5 i
# 9 4 1 0 done
# [5, 20, 9] True True True True
