# Uncaught RecursionError from unbounded recursion.
def countdown(n):
    if n == -1000000:
        return 0
    return 1 + countdown(n - 1)
print("starting")
print(countdown(5))

# expected output:
# starting
# expected error: RecursionError: maximum recursion depth exceeded
# expected error line: 5
