# Mixed int/float/bool arithmetic, comparisons and accumulation.
print(1 + 2.0, 3 * 0.5, 7 - True, 2 ** 0.5 * 2 ** 0.5, 10 / 4, 10 // 4.0, 9 % 2.5)
print(1 == 1.0 == True, 0.5 < 1 < 1.5, -1 < -0.5, 2 ** 53 == 2 ** 53 + 1.0, 0.1 + 0.2 == 0.3)
acc = 0.0
for _ in range(10):
    acc += 0.1
print(acc, acc == 1.0, abs(acc - 1.0) < 1e-9, round(acc, 2))
ints = [3, 1, 2]
floats = [0.5, 1.5]
print(sum(ints) / len(ints), sum(floats), max(ints + floats), min(ints + floats), sum(ints + floats))
print(int(7 / 2), 7 // 2, int(-7 / 2), -7 // 2, round(7 / 2), round(-7 / 2))
print(3 * (1 / 3), 1 - 1e-16, 1 + 1e-16, 1e308 * 10 > 0, -1e308 * 10)
print(100 * 1.1, 1.1 * 1.1, 0.7 + 0.1, 0.8 - 0.1, 3.3 / 3, 1e-3 * 1e3)
x = 5
x /= 2
x *= 2
print(x, x == 5, int(x))
print(True + 1.5, False * 2.0, True / 2, -True, abs(-False), max(True, 0.5))
celsius = [-40, 0, 37, 100]
print([c * 9 / 5 + 32 for c in celsius], [round((f - 32) * 5 / 9, 2) for f in [0, 98.6]])

# expected output:
# 3.0 1.5 6 2.0000000000000004 2.5 2.0 1.5
# True True True True False
# 0.9999999999999999 False True 1.0
# 2.0 2.0 3 0.5 8.0
# 3 3 -3 -4 4 -4
# 1.0 0.9999999999999999 1.0 True -inf
# 110.00000000000001 1.2100000000000002 0.7999999999999999 0.7000000000000001 1.0999999999999999 1.0
# 5.0 True 5
# 2.5 0.0 0.5 -1 0 True
# [-40.0, 32.0, 98.6, 212.0] [-17.78, 37.0]
