# Uncaught AssertionError without a message.
x = 3
assert x > 0
print("x is positive")
assert x % 2 == 0
print("not reached")

# expected output:
# x is positive
# expected error: AssertionError:
# expected error line: 5
