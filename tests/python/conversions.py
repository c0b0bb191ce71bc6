# int() float() str() bool() list() tuple() conversions.
print(int("42"), int(" 7 "), int("-0"), int("+15"), int("0012"), int("1_000"))
print(int(3.9), int(-3.9), int(0.5), int(-0.5), int(True), int(1e10))
print(int("ff", 16), int("101", 2), int("-17", 8), int("z", 36))
print(float("1e3"), float(" 2.5 "), float("-0"), float("inf"), float("-Infinity"), float(".5"))
print(float(3), float(True), float("1_000.5"), float("nan"))
print(str(1.0), str(-5), str(True), str(None), str(""), str([1, "a"]), str((1,)))
print(bool(""), bool("0"), bool(0), bool(0.0), bool(-0.0), bool(1), bool([]), bool([0]))
print(bool(()), bool({}), bool({0: 0}), bool(None), bool(float("nan")), bool(" "))
print(list("abc"), list((1, 2)), list(range(3)), tuple([1, 2]), tuple("hi"))
print(list({"x": 1, "y": 2}), dict([("a", 1), ("b", 2)]), dict(a=1, b=2))
print(int(float("7.0")), float(int("7")), str(int("0")), int(str(-12)))
print(int(), float(), str(), bool(), list(), tuple(), dict())
s = "3.75"
print(float(s) * 2, int(float(s)), str(float(s)) + "!")

# expected output:
# 42 7 0 15 12 1000
# 3 -3 0 0 1 10000000000
# 255 5 -15 35
# 1000.0 2.5 -0.0 inf -inf 0.5
# 3.0 1.0 1000.5 nan
# 1.0 -5 True None  [1, 'a'] (1,)
# False True False False False True False True
# False False True False True True
# ['a', 'b', 'c'] [1, 2] [0, 1, 2] (1, 2) ('h', 'i')
# ['x', 'y'] {'a': 1, 'b': 2} {'a': 1, 'b': 2}
# 7 7.0 0 -12
# 0 0.0  False [] () {}
# 7.5 3 3.75!
