# Uncaught ValueError from int() on bad input.
def parse(fields):
    return [int(f) for f in fields]
print(parse(["1", "22", "333"]))
rows = ["4,5,6", "7,eight,9"]
for row in rows:
    print(sum(parse(row.split(","))))

# expected output:
# [1, 22, 333]
# 15
# expected error: ValueError: invalid literal for int() with base 10: 'eight'
# expected error line: 3
