# An explicit `raise e` is a new raise point in its frame, but the
# innermost entry stays where the exception was first raised.
def g():
    raise KeyError("k")
def f():
    try:
        g()
    except KeyError as e:
        t = 1
        raise e
f()

# expected output:
# expected error: KeyError: 'k'
# expected error line: 4
