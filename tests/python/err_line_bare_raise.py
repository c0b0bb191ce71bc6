# A bare `raise` keeps the line where the exception happened in the frame.
def f():
    try:
        x = 1 / 0
    except ZeroDivisionError:
        y = 2
        raise
    finally:
        z = 3
def g():
    f()
g()

# expected output:
# expected error: ZeroDivisionError: division by zero
# expected error line: 4
