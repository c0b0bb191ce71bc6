# `except E as name` unbinds the name after the handler, at module level
# too.
err = None
try:
    int("x")
except ValueError as e:
    err = e
print(err)
def f():
    try:
        1 / 0
    except ZeroDivisionError as inner:
        pass
    try:
        return inner
    except NameError as ne:
        return "NameError: " + str(ne)
print(f())
class C:
    try:
        [][0]
    except IndexError as ie:
        kept = str(ie)
print(C.kept, hasattr(C, "ie"))
print(e)

# expected output:
# invalid literal for int() with base 10: 'x'
# NameError: cannot access local variable 'inner' where it is not associated with a value
# list index out of range False
# expected error: NameError: name 'e' is not defined
# expected error line: 25
