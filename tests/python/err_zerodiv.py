# Uncaught ZeroDivisionError in an average of an empty list.
def mean(xs):
    return sum(xs) / len(xs)
print(mean([1, 2, 3, 4]))
print(mean([0.5]))
print(mean([]))

# expected output:
# 2.5
# 0.5
# expected error: ZeroDivisionError: division by zero
# expected error line: 3
