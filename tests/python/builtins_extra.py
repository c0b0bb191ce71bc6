# Builtins users reach for beyond the core list: type, ord/chr, divmod, any/all, map/filter, hex/bin, callable, pow, isinstance.
print(type(1).__name__, type(1.0).__name__, type("s").__name__, type([]).__name__, type(None).__name__)
print(type(True).__name__, type((1,)).__name__, type({}).__name__, type(range(1)).__name__)
print(type(3) == int, type(3) is int, type(True) is int, type(2.0) in (int, float))
print(isinstance(True, int), isinstance(1, float), isinstance(1.0, (int, float)), isinstance("a", str), isinstance(None, object))
print(ord("A"), ord("a"), chr(97), chr(0x3c0), [ord(c) - ord("a") for c in "abz"])
print(divmod(17, 5), divmod(-17, 5), divmod(17.5, 5), divmod(-1, 3))
print(any([]), all([]), any([0, 0.0, ""]), all([1, "x", [0]]), any(v > 3 for v in [1, 5]))
print(list(map(str, [1, 2])), list(map(lambda a, b: a * b, [1, 2, 3], [4, 5])), list(filter(None, [0, 1, "", "a"])))
print(hex(255), hex(-16), bin(5), oct(8), int("0x1f", 16), int("0b101", 0))
print(callable(len), callable(5), callable(lambda: 0), pow(3, 4), pow(2, -1), pow(3, 2, 5))
print(sum([[1], [2]], []), sum((0.1, 0.2)), max("abc", "abd"), min([3, 1], [2, 9]))
print(len({"a": 1}), len(range(3, 30, 4)), len((1, 2)), abs(-3.5), abs(True))
print(repr(1.0), repr("s"), repr([1, "a"]), repr(None), ascii("é"))
print(str(3).zfill(3), format(3.14159, ".2f"), format(42, ">5"), format(0.5, "%"))
class C:
    pass
print(type(C()).__name__, type(C()) is C, isinstance(C(), C), C.__name__)
print(list(iter([1, 2])), next(iter("xy")), sorted(set([3, 1, 3, 2])), len(set("hello")))
print(round(-0.5), int(-0.0), float(-0), bool(-0.0), str(-0.0))

# expected output:
# int float str list NoneType
# bool tuple dict range
# True True False True
# True False True True True
# 65 97 a π [0, 1, 25]
# (3, 2) (-4, 3) (3.0, 2.5) (-1, 2)
# False True False True True
# ['1', '2'] [4, 10] [1, 'a']
# 0xff -0x10 0b101 0o10 31 5
# True False True 81 0.5 4
# [1, 2] 0.30000000000000004 abd [2, 9]
# 1 7 2 3.5 1
# 1.0 's' [1, 'a'] None '\xe9'
# 003 3.14    42 50.000000%
# C True True C
# [1, 2] x [1, 2, 3] 4
# 0 0 0.0 False -0.0
