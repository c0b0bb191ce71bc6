# sys.getrecursionlimit / setrecursionlimit, and recursion within the limit.
import sys
print(sys.getrecursionlimit())
def depth(n):
    return 0 if n == 0 else 1 + depth(n - 1)
print(depth(200))
sys.setrecursionlimit(300)
print(sys.getrecursionlimit(), depth(250))
for bad in [0, -5, 2.5, "10"]:
    try:
        sys.setrecursionlimit(bad)
    except (ValueError, TypeError) as e:
        print(type(e).__name__, e)
try:
    depth(400)
except RecursionError as e:
    print("RecursionError", e)
sys.setrecursionlimit(1000)
print(depth(300))
def down(n):
    if n == 0:
        try:
            sys.setrecursionlimit(5)
        except RecursionError as e:
            print("too low:", str(e).endswith("the limit is too low"))
        return 0
    return down(n - 1)
print(down(50))
depth(5000)

# expected output:
# 1000
# 200
# 300 250
# ValueError recursion limit must be greater or equal than 1
# ValueError recursion limit must be greater or equal than 1
# TypeError 'float' object cannot be interpreted as an integer
# TypeError 'str' object cannot be interpreted as an integer
# RecursionError maximum recursion depth exceeded
# 300
# too low: True
# 0
# expected error: RecursionError: maximum recursion depth exceeded
# expected error line: 5
