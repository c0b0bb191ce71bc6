# Uncaught TypeError: adding an int and a str.
def label(n):
    prefix = "item-"
    return n + prefix
names = []
for i in range(3):
    print("building", i)
    names.append(label(i) if i == 2 else str(i))
print(names)

# expected output:
# building 0
# building 1
# building 2
# expected error: TypeError: unsupported operand type(s) for +: 'int' and 'str'
# expected error line: 4
