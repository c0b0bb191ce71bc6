# A SyntaxError: nothing runs, the error names the line of the missing colon.
def area(w, h):
    return w * h

print("never printed")
for i in range(3)
    print(area(i, 2))

# expected output:
# expected error: SyntaxError: expected ':'
# expected error line: 6
