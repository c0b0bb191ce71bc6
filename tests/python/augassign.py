# Augmented assignment on numbers, strings, lists, tuples, subscripts and attributes.
n = 10
n += 5
n -= 3
n *= 2
n /= 4
print(n)
n = 17
n //= 5
print(n)
n %= 2
print(n)
f = 2.5
f //= 1
print(f)
f **= 2
print(f)
s = "ab"
s += "cd"
s *= 2
print(s)
lst = [1]
alias = lst
lst += [2, 3]
lst *= 2
print(lst, alias, lst is alias)
t = (1,)
talias = t
t += (2,)
print(t, talias, t is talias)
d = {"k": 1}
d["k"] += 10
d["k"] *= 3
print(d)
grid = [[0, 0], [0, 0]]
grid[1][0] += 5
grid[1][0] -= 1
print(grid)
class Box:
    def __init__(self):
        self.v = 1
b = Box()
b.v += 41
b.v //= 2
print(b.v)
calls = 0
def idx():
    global calls
    calls += 1
    return 0
arr = [5]
arr[idx()] += 1
print(arr, calls)
i = 0
nums = [1, 2, 3]
while i < len(nums):
    nums[i] **= 2
    i += 1
print(nums)
x = 7
x %= -3
print(x)
y = -7.5
y %= 2
print(y)

# expected output:
# 6.0
# 3
# 1
# 2.0
# 4.0
# abcdabcd
# [1, 2, 3, 1, 2, 3] [1, 2, 3, 1, 2, 3] True
# (1, 2) (1,) False
# {'k': 33}
# [[0, 0], [4, 0]]
# 21
# [6] 1
# [1, 4, 9]
# -2
# 0.5
