# issubclass, object, hex/bin/oct/ascii, 3-argument pow, map over several
# iterables, dict.fromkeys/popitem, list.index(x, start, end), range
# slicing, zip(), iterator reprs' types.
class A:
    pass
class B(A):
    pass
print(issubclass(B, A), issubclass(A, B), issubclass(B, object), issubclass(bool, int), issubclass(int, bool), issubclass(B, (int, A)), issubclass(ValueError, Exception), issubclass(KeyError, LookupError), issubclass(int, object))
print(isinstance(B(), object), isinstance(3, object), isinstance(None, object), object, isinstance(A, type), isinstance(int, type), isinstance(3, type))
class C(object):
    def __init__(self):
        super().__init__()
        self.v = 1
print(C().v, isinstance(C(), object), type(object()).__name__, C.__name__)
print(hex(255), hex(-16), hex(0), bin(5), bin(-5), bin(0), oct(8), oct(-8), ascii("é"), ascii("abc"), ascii([1, "π"]), ascii("😀"))
print(pow(7, 2, 5), pow(2, 100, 13), pow(-3, 3, 7), pow(3, -1, 7), pow(5, 0, 1), pow(2, 10, -7), pow(10, 18, 1000000007), pow(2, 5), pow(2.0, -1))
for args in ((2, -1, 4), (2, 3, 0), (2.0, 3, 5)):
    try:
        print(pow(*args))
    except (ValueError, TypeError) as e:
        print(type(e).__name__, e)
print(list(map(lambda a, b: a * b, [1, 2, 3], [4, 5])), list(map(lambda a, b, c: a + b + c, "ab", "cd", "ef")), list(map(str, range(3))), list(map(pow, [2, 3], [3, 2])))
print(dict.fromkeys("ab", 0), dict.fromkeys([1, 2]), {}.fromkeys("x", [1]))
d = {"x": 1, "y": 2, "z": 3}
print(d.popitem(), d.popitem(), d)
d["w"] = 4
print(d.popitem(), d)
try:
    {}.popitem()
except KeyError as e:
    print("KeyError", e)
print([1, 2, 3, 2].index(2, 2), [1, 2, 3, 2].index(2, -2, 4), [5, 6].index(6, 0, 2), (1, 2, 1).index(1, 1))
try:
    [1, 2, 3].index(1, 1)
except ValueError as e:
    print("ValueError", e)
r = range(1, 20, 4)
print(r[1:3], r[::-1], r[-2:], r[::2], list(r[1:3]), r[1:3] == range(5, 13, 4), range(0) == range(5, 2), range(1, 2) == range(1, 3, 5), r[-1], len(r[2:]), range(10)[::-3], range(5)[10:], list(range(10, 0, -2)[1::2]))
print(list(zip()), list(zip([])), list(zip("ab", [])), type(zip()).__name__, type(map(str, [])).__name__, type(iter([])).__name__, type(iter(range(3))).__name__, type(enumerate([])).__name__)
print(list(reversed(range(5))), list(reversed("abc")), list(reversed({"a": 1, "b": 2})), list(reversed((1, 2))))
print(int.__name__ if hasattr(int, "__name__") else "", len.__name__, type(len).__name__, callable(len), callable(int), callable(3))

# expected output:
# True False True True False True True True True
# True True True <class 'object'> True True False
# 1 True object C
# 0xff -0x10 0x0 0b101 -0b101 0b0 0o10 -0o10 '\xe9' 'abc' [1, '\u03c0'] '\U0001f600'
# 4 3 1 5 0 -5 49 32 0.5
# ValueError base is not invertible for the given modulus
# ValueError pow() 3rd argument cannot be 0
# TypeError pow() 3rd argument not allowed unless all arguments are integers
# [4, 10] ['ace', 'bdf'] ['0', '1', '2'] [8, 9]
# {'a': 0, 'b': 0} {1: None, 2: None} {'x': [1]}
# ('z', 3) ('y', 2) {'x': 1}
# ('w', 4) {'x': 1}
# KeyError 'popitem(): dictionary is empty'
# 3 3 1 2
# ValueError 1 is not in list
# range(5, 13, 4) range(17, -3, -4) range(13, 21, 4) range(1, 21, 8) [5, 9] True True True 17 3 range(9, -1, -3) range(5, 5) [8, 4]
# [] [] [] zip map list_iterator range_iterator enumerate
# [4, 3, 2, 1, 0] ['c', 'b', 'a'] ['b', 'a'] [2, 1]
# int len builtin_function_or_method True True False
