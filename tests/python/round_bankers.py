# round(): banker's rounding (half to even), ndigits, and result types.
print(round(0.5), round(1.5), round(2.5), round(3.5), round(-0.5), round(-1.5), round(-2.5))
print(round(2.4), round(2.6), round(-2.6), round(0.49999999999999994))
print(round(7), round(-7), round(True))
print(round(2.675, 2), round(1.005, 2), round(0.125, 2), round(0.375, 2))
print(round(3.14159, 3), round(3.14159, 0), round(-3.14159, 1), round(1234.5678, -2))
print(round(15, -1), round(25, -1), round(35, -1), round(-25, -1), round(1234, -2))
print(round(2.5, 0), round(1e15), round(0.1 + 0.2, 10), round(1 / 3, 5))
print(round(5.5), round(6.5), round(-5.5), round(-6.5))
vals = [0.05 * k for k in range(6)]
print([round(v, 1) for v in vals])
print(isinstance(round(2.5), int), isinstance(round(2.5, 0), float), isinstance(round(3, 1), int))

# expected output:
# 0 2 2 4 0 -2 -2
# 2 3 -3 0
# 7 -7 1
# 2.67 1.0 0.12 0.38
# 3.142 3.0 -3.1 1200.0
# 20 20 40 -20 1200
# 2.0 1000000000000000 0.3 0.33333
# 6 6 -6 -6
# [0.0, 0.1, 0.1, 0.2, 0.2, 0.2]
# True True True
