# Error messages worded as CPython's.
def show(f):
    try:
        f()
    except Exception as e:
        print(type(e).__name__, e) if str(e) else print(type(e).__name__)
show(lambda: "5" + 5)
show(lambda: [1] + (2,))
show(lambda: (1,) + [2])
show(lambda: "a" * 2.0)
show(lambda: 2.5 * [1])
show(lambda: "x" * "y")
show(lambda: 1 % 0)
show(lambda: 1 // 0)
show(lambda: 1.5 // 0)
show(lambda: divmod(1, 0))
show(lambda: (1,).index(5))
show(lambda: [1].index(5))
show(lambda: len())
show(lambda: len(1, 2))
show(lambda: abs())
def g(a, b=1, *, c):
    pass
show(lambda: g(1, 2, 3, c=4))
def h(a, *, c):
    pass
show(lambda: h(1, 2, c=3))
def k(a, b=1, *, c=2, d=3):
    pass
show(lambda: k(1, 2, 3, c=1, d=2))
def one(a):
    pass
show(lambda: one(1, 2))
show(lambda: one())
show(lambda: one(1, a=2))
show(lambda: "%d" % "x")
show(lambda: "%x" % 3.5)
class A:
    def f(self, x):
        return x
    def __init__(self, v):
        self.v = v
show(lambda: A(1).f())
show(lambda: A(1).f(1, 2))
show(lambda: A())
def outer():
    def inner(q):
        pass
    inner()
show(outer)
print(type(1), type("s"), type(None), type([]), type({}), type(()), type(1.5), type(True), type(range(2)), type({1}), type(len), type(type), type(A), type(A(1)).__name__)
print(type(None).__name__, type(None) is type(None), type(1) is int, type(1) == int, type(True) is bool, int, str, object, ValueError, type({}.keys()).__name__)
show(lambda: int("abc", 99))
show(lambda: int("10", 1))
show(lambda: int(5, 10))
show(lambda: {}.get([1]))
show(lambda: hash([1]))
show(lambda: {[1]: 2})
show(lambda: {1, 2} + {3})
show(lambda: abs("x"))
show(lambda: -"x")
show(lambda: ~1.5)
show(lambda: len(5))
show(lambda: sorted([1, "a"]))
show(lambda: max([]))
show(lambda: next(iter([])))
show(lambda: "abc".index("z"))
show(lambda: [].pop())
show(lambda: {}.popitem())
show(lambda: set().pop())
show(lambda: ord("ab"))
show(lambda: chr(-1))
show(lambda: range(0, 10, 0))
show(lambda: 1 < "a")
show(lambda: [1, 2] < [1, "a"])
show(lambda: round("x"))
show(lambda: float("abc"))
show(lambda: tuple(5))
show(lambda: list(None))
show(lambda: format(1, "q"))
show(lambda: format(1.5, "d"))
show(lambda: format("s", "+"))
show(lambda: format([1], ">5"))
show(lambda: str.upper(5))
show(lambda: None())
show(lambda: [][0])
show(lambda: "abc"[10])
show(lambda: {"a": 1}["b"])
show(lambda: (1, 2)[5])
show(lambda: [1, 2, 3]["x"])
show(lambda: "s".missing)

# expected output:
# TypeError can only concatenate str (not "int") to str
# TypeError can only concatenate list (not "tuple") to list
# TypeError can only concatenate tuple (not "list") to tuple
# TypeError can't multiply sequence by non-int of type 'float'
# TypeError can't multiply sequence by non-int of type 'float'
# TypeError can't multiply sequence by non-int of type 'str'
# ZeroDivisionError integer modulo by zero
# ZeroDivisionError integer division or modulo by zero
# ZeroDivisionError float floor division by zero
# ZeroDivisionError integer division or modulo by zero
# ValueError tuple.index(x): x not in tuple
# ValueError 5 is not in list
# TypeError len() takes exactly one argument (0 given)
# TypeError len() takes exactly one argument (2 given)
# TypeError abs() takes exactly one argument (0 given)
# TypeError g() takes from 1 to 2 positional arguments but 3 positional arguments (and 1 keyword-only argument) were given
# TypeError h() takes 1 positional argument but 2 positional arguments (and 1 keyword-only argument) were given
# TypeError k() takes from 1 to 2 positional arguments but 3 positional arguments (and 2 keyword-only arguments) were given
# TypeError one() takes 1 positional argument but 2 were given
# TypeError one() missing 1 required positional argument: 'a'
# TypeError one() got multiple values for argument 'a'
# TypeError %d format: a real number is required, not str
# TypeError %x format: an integer is required, not float
# TypeError A.f() missing 1 required positional argument: 'x'
# TypeError A.f() takes 2 positional arguments but 3 were given
# TypeError A.__init__() missing 1 required positional argument: 'v'
# TypeError outer.<locals>.inner() missing 1 required positional argument: 'q'
# <class 'int'> <class 'str'> <class 'NoneType'> <class 'list'> <class 'dict'> <class 'tuple'> <class 'float'> <class 'bool'> <class 'range'> <class 'set'> <class 'builtin_function_or_method'> <class 'type'> <class 'type'> A
# NoneType True True True True <class 'int'> <class 'str'> <class 'object'> <class 'ValueError'> dict_keys
# ValueError int() base must be >= 2 and <= 36, or 0
# ValueError int() base must be >= 2 and <= 36, or 0
# TypeError int() can't convert non-string with explicit base
# TypeError unhashable type: 'list'
# TypeError unhashable type: 'list'
# TypeError unhashable type: 'list'
# TypeError unsupported operand type(s) for +: 'set' and 'set'
# TypeError bad operand type for abs(): 'str'
# TypeError bad operand type for unary -: 'str'
# TypeError bad operand type for unary ~: 'float'
# TypeError object of type 'int' has no len()
# TypeError '<' not supported between instances of 'str' and 'int'
# ValueError max() arg is an empty sequence
# StopIteration
# ValueError substring not found
# IndexError pop from empty list
# KeyError 'popitem(): dictionary is empty'
# KeyError 'pop from an empty set'
# TypeError ord() expected a character, but string of length 2 found
# ValueError chr() arg not in range(0x110000)
# ValueError range() arg 3 must not be zero
# TypeError '<' not supported between instances of 'int' and 'str'
# TypeError '<' not supported between instances of 'int' and 'str'
# TypeError type str doesn't define __round__ method
# ValueError could not convert string to float: 'abc'
# TypeError 'int' object is not iterable
# TypeError 'NoneType' object is not iterable
# ValueError Unknown format code 'q' for object of type 'int'
# ValueError Unknown format code 'd' for object of type 'float'
# ValueError Sign not allowed in string format specifier
# TypeError unsupported format string passed to list.__format__
# TypeError descriptor 'upper' for 'str' objects doesn't apply to a 'int' object
# TypeError 'NoneType' object is not callable
# IndexError list index out of range
# IndexError string index out of range
# KeyError 'b'
# IndexError tuple index out of range
# TypeError list indices must be integers or slices, not str
# AttributeError 'str' object has no attribute 'missing'
