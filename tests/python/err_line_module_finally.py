# At module level too: the error line is the failing statement.
try:
    x = [][1]
finally:
    print("fin")
    y = 2

# expected output:
# fin
# expected error: IndexError: list index out of range
# expected error line: 3
