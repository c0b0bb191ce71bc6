# Integer arithmetic: + - * / and precedence, unary operators, abs, mixed.
a = 17
b = 5
print(a + b, a - b, a * b, a / b)
print(b - a, -a, +a, - -a, abs(-a))
print(2 + 3 * 4, (2 + 3) * 4, 2 * 3 ** 2, -2 ** 2, (-2) ** 2)
print(10 - 3 - 2, 2 ** 3 ** 2, 100 / 10 / 2)
print(7 / 7, 0 / 5, 1 / 4, 2 / 3)
print(1_000_000 + 1, 0 * -1, -0)
print(True + True, True * 10, False - 1)
x = 3
x += 4
print(x)
x -= 10
print(x)
x *= -6
print(x)
x //= 4
print(x)
x %= 3
print(x)
x **= 5
print(x)
x /= 4
print(x)
n = 0
for i in range(1, 11):
    n = n * 2 + i
print(n)
print(abs(-7), abs(7), abs(0), abs(-2.5), abs(-0.0))
print(max(3, 9, 2), min(3, 9, 2), max([4, -1, 7]), min((4, -1, 7)))
print(sum([1, 2, 3]), sum([]), sum(range(101)), sum([0.5, 0.25], 10))
print(1 == 1.0, 2 < 2.5, 3 >= 3.0, 0 == -0, 1 != 1.0)

# expected output:
# 22 12 85 3.4
# -12 -17 17 17 17
# 14 20 18 -4 4
# 5 512 5.0
# 1.0 0.0 0.25 0.6666666666666666
# 1000001 0 0
# 2 10 -1
# 7
# -3
# 18
# 4
# 1
# 1
# 0.25
# 2036
# 7 7 0 2.5 0.0
# 9 2 7 -1
# 6 0 5050 10.75
# True True True True False
