# An exception created early and raised later reports the raise line.
def f():
    e = ValueError("made early")
    x = 1
    raise e
f()

# expected output:
# expected error: ValueError: made early
# expected error line: 5
