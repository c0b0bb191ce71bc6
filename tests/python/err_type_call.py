# Uncaught TypeError from a call with a missing argument.
def area(w, h):
    return w * h
print(area(2, 3))
print(area(4))

# expected output:
# 6
# expected error: TypeError: area() missing 1 required positional argument: 'h'
# expected error line: 5
