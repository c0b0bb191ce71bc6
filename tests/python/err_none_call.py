# Calling a method on None returned by a function without return.
def find(items, target):
    for i, v in enumerate(items):
        if v == target:
            return i
idx = find([3, 4, 5], 4)
print(idx)
idx = find([3, 4, 5], 9)
print(idx)
print(idx.bit_length())

# expected output:
# 1
# None
# expected error: AttributeError: 'NoneType' object has no attribute 'bit_length'
# expected error line: 10
