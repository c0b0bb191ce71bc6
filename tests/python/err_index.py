# Uncaught IndexError from an off-by-one loop.
data = [10, 20, 30]
i = 0
while i <= len(data):
    print("item", data[i])
    i += 1

# expected output:
# item 10
# item 20
# item 30
# expected error: IndexError: list index out of range
# expected error line: 5
