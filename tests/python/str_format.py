# str.format.
print("{} + {} = {}".format(1, 2, 1 + 2))
print("{0} {1} {0}".format("a", "b"), "{1}{0}".format("x", "y"))
print("{name} is {age} years".format(name="Ann", age=30))
print("{:.3f} {:>6} {:<6}| {:^7} {:05d}".format(3.14159, "r", "l", "c", 42))
print("{:,} {:.1%} {:e} {:+d}".format(9876543, 0.4567, 1234.5, 5))
print("{0:.2f} {0:.0f} {0:10.4f}".format(2.71828))
print("{!r} {!s}".format("q", "q"), "{{}} {}".format("braces"))
print("[{:*^9}]".format("mid"), "{:>{}}".format("w", 4))
row = "{:<6}|{:>8.2f}|{:>5}"
for name, val, k in [("a", 1.0, 1), ("bbb", 22.5, 20), ("cc", -3.125, 300)]:
    print(row.format(name, val, k))
print("{0[0]} {0[1]} {1[k]}".format([5, 6], {"k": "v"}))

# expected output:
# 1 + 2 = 3
# a b a yx
# Ann is 30 years
# 3.142      r l     |    c    00042
# 9,876,543 45.7% 1.234500e+03 +5
# 2.72 3     2.7183
# 'q' q {} braces
# [***mid***]    w
# a     |    1.00|    1
# bbb   |   22.50|   20
# cc    |   -3.12|  300
# 5 6 v
