# Assigning to an attribute a builtin type defines: CPython 3.11's three
# messages (a method is "read-only", a data attribute "not writable" named
# by the type that defines it, slice's and range's members "readonly
# attribute"); an attribute the type lacks is missing. Expected output:
# python3 (3.11.7) running this file.
def attempt(f):
    try:
        f()
    except AttributeError as e:
        print(e)


def int_real():
    (1).real = 2


def bool_real():
    True.real = 1


def int_numerator():
    (7).numerator = 1


def float_imag():
    (1.5).imag = 2


def builtin_name():
    len.__name__ = "x"


def int_method():
    (1).bit_length = 1


def str_method():
    "a".upper = 2


def dict_method():
    {}.keys = 1


def slice_start():
    slice(1).start = 2


def range_stop():
    range(3).stop = 1


def int_missing():
    (1).foo = 2


for f in [int_real, bool_real, int_numerator, float_imag, builtin_name, int_method, str_method,
          dict_method, slice_start, range_stop, int_missing]:
    attempt(f)

# expected output:
# attribute 'real' of 'int' objects is not writable
# attribute 'real' of 'int' objects is not writable
# attribute 'numerator' of 'int' objects is not writable
# attribute 'imag' of 'float' objects is not writable
# attribute '__name__' of 'builtin_function_or_method' objects is not writable
# 'int' object attribute 'bit_length' is read-only
# 'str' object attribute 'upper' is read-only
# 'dict' object attribute 'keys' is read-only
# readonly attribute
# readonly attribute
# 'int' object has no attribute 'foo'
