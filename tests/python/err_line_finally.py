# An exception passing through a finally block: each frame's traceback
# line is where the error happened in it, not the finally's last line.
def inner():
    return [][5]
def outer():
    try:
        inner()
    finally:
        a = 1
        b = 2
outer()

# expected output:
# expected error: IndexError: list index out of range
# expected error line: 4
