# TypeError messages of bad calls, caught and printed.
def f(a, b):
    return a + b
def g(a, b=1, *, k):
    return a
def h(x):
    return x
five = 5
text = "abc"
pair = [1, 2]
nothing = None
attempts = [
    lambda: f(1),
    lambda: f(),
    lambda: f(1, 2, 3),
    lambda: f(1, b=2, c=3),
    lambda: f(1, a=2),
    lambda: g(1),
    lambda: g(1, 2, 3, k=1),
    lambda: h(),
    lambda: h(1, 2),
    lambda: h(y=1),
    lambda: len(),
    lambda: len(1, 2),
    lambda: len(5),
    lambda: abs("x"),
    lambda: five(),
    lambda: text(),
    lambda: pair["x"],
    lambda: five[0],
    lambda: nothing[0],
    lambda: {"a": 1}[["list"]],
    lambda: [x for x in five],
]
for i, fn in enumerate(attempts):
    try:
        fn()
        print(i, "no error")
    except TypeError as e:
        print(i, "TypeError:", e)

# expected output:
# 0 TypeError: f() missing 1 required positional argument: 'b'
# 1 TypeError: f() missing 2 required positional arguments: 'a' and 'b'
# 2 TypeError: f() takes 2 positional arguments but 3 were given
# 3 TypeError: f() got an unexpected keyword argument 'c'
# 4 TypeError: f() got multiple values for argument 'a'
# 5 TypeError: g() missing 1 required keyword-only argument: 'k'
# 6 TypeError: g() takes from 1 to 2 positional arguments but 3 positional arguments (and 1 keyword-only argument) were given
# 7 TypeError: h() missing 1 required positional argument: 'x'
# 8 TypeError: h() takes 1 positional argument but 2 were given
# 9 TypeError: h() got an unexpected keyword argument 'y'
# 10 TypeError: len() takes exactly one argument (0 given)
# 11 TypeError: len() takes exactly one argument (2 given)
# 12 TypeError: object of type 'int' has no len()
# 13 TypeError: bad operand type for abs(): 'str'
# 14 TypeError: 'int' object is not callable
# 15 TypeError: 'str' object is not callable
# 16 TypeError: list indices must be integers or slices, not str
# 17 TypeError: 'int' object is not subscriptable
# 18 TypeError: 'NoneType' object is not subscriptable
# 19 TypeError: unhashable type: 'list'
# 20 TypeError: 'int' object is not iterable
