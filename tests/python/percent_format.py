# printf-style % formatting.
print("%d items" % 5, "%s and %s" % ("a", "b"), "%5d|%-5d|%05d" % (42, 42, 42))
print("%.2f %.0f %8.3f %-8.1f|" % (3.14159, 2.5, 1.0, -2.25))
print("%e %.2e %g %g" % (12345.678, 0.000123, 0.0001, 1e20))
print("%x %X %o %c" % (255, 255, 8, 65), "%r %s" % ("q", "q"), "100%%" % ())
print("%+d %+.1f % d" % (3, 2.0, 7), "%s" % [1, 2], "%s" % (None,))
print("%(a)s=%(b)d" % {"a": "x", "b": 3}, "%*d" % (5, 1), "%.3s" % "abcdef")
print("%d %s" % (3.99, 1.5), "%i" % -7, "%.1f%%" % 12.345)
try:
    print("%d %d" % (1,))
except TypeError as e:
    print("TypeError:", e)
try:
    print("%d" % "x")
except TypeError as e:
    print("TypeError:", e)

# expected output:
# 5 items a and b    42|42   |00042
# 3.14 2    1.000 -2.2    |
# 1.234568e+04 1.23e-04 0.0001 1e+20
# ff FF 10 A 'q' q 100%
# +3 +2.0  7 [1, 2] None
# x=3     1 abc
# 3 1.5 -7 12.3%
# TypeError: not enough arguments for format string
# TypeError: %d format: a real number is required, not str
