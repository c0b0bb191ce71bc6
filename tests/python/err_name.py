# Uncaught NameError inside a nested call.
def helper(values):
    total = 0
    for v in values:
        total += v
    return total / count
def report(values):
    print("summing", len(values), "values")
    return helper(values)
print(report([1, 2, 3]))
print("not reached")

# expected output:
# summing 3 values
# expected error: NameError: name 'count' is not defined
# expected error line: 6
