# A nonlocal name without a binding is reported at the nonlocal line.
print(1)
def f():
    global x
    x = 1
    nonlocal y

# expected output:
# expected error: SyntaxError: no binding for nonlocal 'y' found
# expected error line: 6
