# Messages of common runtime errors, caught and printed.
def show(label, fn):
    try:
        r = fn()
        print(label, "->", r)
    except IndexError as e:
        print(label, "IndexError:", e)
    except KeyError as e:
        print(label, "KeyError:", e)
    except ZeroDivisionError as e:
        print(label, "ZeroDivisionError:", e)
    except AttributeError as e:
        print(label, "AttributeError:", e)
    except ValueError as e:
        print(label, "ValueError:", e)
    except TypeError as e:
        print(label, "TypeError:", e)
    except NameError as e:
        print(label, "NameError:", e)
lst = [1, 2, 3]
tup = (1,)
s = "abc"
d = {"a": 1, 2: "b"}
def assign_list():
    lst[9] = 0
def assign_str():
    s[0] = "x"
def assign_tuple():
    tup[0] = 2
def del_missing():
    del d["nope"]
show("list index", lambda: lst[3])
show("list neg index", lambda: lst[-4])
show("tuple index", lambda: tup[1])
show("str index", lambda: s[10])
show("range index", lambda: range(3)[5])
show("pop empty", lambda: [].pop())
show("pop index", lambda: [1].pop(5))
show("list assign", assign_list)
show("dict key str", lambda: d["zz"])
show("dict key int", lambda: d[3])
show("dict key tuple", lambda: d[(1, 2)])
show("int / 0", lambda: 1 / 0)
show("int // 0", lambda: 1 // 0)
show("int % 0", lambda: 1 % 0)
show("float / 0", lambda: 1.0 / 0)
show("float // 0", lambda: 1.5 // 0.0)
show("float % 0", lambda: 1.5 % 0)
show("0 ** -1", lambda: 0 ** -1)
show("0.0 ** -1", lambda: 0.0 ** -1)
show("list attr", lambda: lst.push(4))
show("str attr", lambda: s.foo)
show("int attr", lambda: (5).real_part)
show("None attr", lambda: None.x)
show("list.index", lambda: lst.index(9))
show("list.remove", lambda: lst.remove(9))
show("str.index", lambda: s.index("z"))
show("tuple.index", lambda: tup.index(5))
show("dict.pop", lambda: {}.pop("k"))
show("popitem", lambda: {}.popitem())
show("split empty sep", lambda: s.split(""))
show("range step 0", lambda: range(1, 2, 0))
show("str * str", lambda: "a" * "b")
show("list - list", lambda: [1] - [1])
show("dict + dict", lambda: {} + {})
show("str < int", lambda: "a" < 1)
show("list < tuple", lambda: [1] < (1,))
show("unhashable key", lambda: {[1]: 2})
show("str item assign", assign_str)
show("tuple item assign", assign_tuple)
show("del missing key", del_missing)
show("undefined", lambda: undefined_thing)
show("join ints", lambda: ",".join([1, 2]))
show("chr range", lambda: chr(-1))
show("min empty", lambda: min([]))
show("int base", lambda: int("9", 8))
show("slice step 0", lambda: lst[::0])
show("zip ok", lambda: list(zip([1], [2, 3])))

# expected output:
# list index IndexError: list index out of range
# list neg index IndexError: list index out of range
# tuple index IndexError: tuple index out of range
# str index IndexError: string index out of range
# range index IndexError: range object index out of range
# pop empty IndexError: pop from empty list
# pop index IndexError: pop index out of range
# list assign IndexError: list assignment index out of range
# dict key str KeyError: 'zz'
# dict key int KeyError: 3
# dict key tuple KeyError: (1, 2)
# int / 0 ZeroDivisionError: division by zero
# int // 0 ZeroDivisionError: integer division or modulo by zero
# int % 0 ZeroDivisionError: integer modulo by zero
# float / 0 ZeroDivisionError: float division by zero
# float // 0 ZeroDivisionError: float floor division by zero
# float % 0 ZeroDivisionError: float modulo
# 0 ** -1 ZeroDivisionError: 0.0 cannot be raised to a negative power
# 0.0 ** -1 ZeroDivisionError: 0.0 cannot be raised to a negative power
# list attr AttributeError: 'list' object has no attribute 'push'
# str attr AttributeError: 'str' object has no attribute 'foo'
# int attr AttributeError: 'int' object has no attribute 'real_part'
# None attr AttributeError: 'NoneType' object has no attribute 'x'
# list.index ValueError: 9 is not in list
# list.remove ValueError: list.remove(x): x not in list
# str.index ValueError: substring not found
# tuple.index ValueError: tuple.index(x): x not in tuple
# dict.pop KeyError: 'k'
# popitem KeyError: 'popitem(): dictionary is empty'
# split empty sep ValueError: empty separator
# range step 0 ValueError: range() arg 3 must not be zero
# str * str TypeError: can't multiply sequence by non-int of type 'str'
# list - list TypeError: unsupported operand type(s) for -: 'list' and 'list'
# dict + dict TypeError: unsupported operand type(s) for +: 'dict' and 'dict'
# str < int TypeError: '<' not supported between instances of 'str' and 'int'
# list < tuple TypeError: '<' not supported between instances of 'list' and 'tuple'
# unhashable key TypeError: unhashable type: 'list'
# str item assign TypeError: 'str' object does not support item assignment
# tuple item assign TypeError: 'tuple' object does not support item assignment
# del missing key KeyError: 'nope'
# undefined NameError: name 'undefined_thing' is not defined
# join ints TypeError: sequence item 0: expected str instance, int found
# chr range ValueError: chr() arg not in range(0x110000)
# min empty ValueError: min() arg is an empty sequence
# int base ValueError: invalid literal for int() with base 8: '9'
# slice step 0 ValueError: slice step cannot be zero
# zip ok -> [(1, 2)]
