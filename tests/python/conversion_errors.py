# Error messages of failed conversions, caught and printed.
def show(f, arg):
    try:
        print("ok", f(arg))
    except ValueError as e:
        print("ValueError:", e)
    except TypeError as e:
        print("TypeError:", e)

show(int, "abc")
show(int, "")
show(int, "4.5")
show(int, " 12 ")
show(int, None)
show(int, [1])
show(int, float("nan"))
show(float, "x1")
show(float, "")
show(float, None)
show(float, "1e400")
show(str, None)
try:
    int("12", 2)
except ValueError as e:
    print("ValueError:", e)
try:
    x = "5" + 5
except TypeError as e:
    print("TypeError:", e)
try:
    x = 5 + "5"
except TypeError as e:
    print("TypeError:", e)
try:
    x = [1] + (2,)
except TypeError as e:
    print("TypeError:", e)
try:
    x = "a" * 2.0
except TypeError as e:
    print("TypeError:", e)
try:
    x = -"a"
except TypeError as e:
    print("TypeError:", e)
try:
    x = None < 1
except TypeError as e:
    print("TypeError:", e)

# expected output:
# ValueError: invalid literal for int() with base 10: 'abc'
# ValueError: invalid literal for int() with base 10: ''
# ValueError: invalid literal for int() with base 10: '4.5'
# ok 12
# TypeError: int() argument must be a string, a bytes-like object or a real number, not 'NoneType'
# TypeError: int() argument must be a string, a bytes-like object or a real number, not 'list'
# ValueError: cannot convert float NaN to integer
# ValueError: could not convert string to float: 'x1'
# ValueError: could not convert string to float: ''
# TypeError: float() argument must be a string or a real number, not 'NoneType'
# ok inf
# ok None
# ValueError: invalid literal for int() with base 2: '12'
# TypeError: can only concatenate str (not "int") to str
# TypeError: unsupported operand type(s) for +: 'int' and 'str'
# TypeError: can only concatenate list (not "tuple") to list
# TypeError: can't multiply sequence by non-int of type 'float'
# TypeError: bad operand type for unary -: 'str'
# TypeError: '<' not supported between instances of 'NoneType' and 'int'
