# Recursive functions.
def fact(n):
    return 1 if n <= 1 else n * fact(n - 1)
def fib(n):
    if n < 2:
        return n
    return fib(n - 1) + fib(n - 2)
print(fact(0), fact(5), fact(20), [fib(i) for i in range(15)])
def hanoi(n, src, dst, via, moves):
    if n == 0:
        return moves
    hanoi(n - 1, src, via, dst, moves)
    moves.append(src + dst)
    hanoi(n - 1, via, dst, src, moves)
    return moves
m = hanoi(4, "A", "C", "B", [])
print(len(m), m[:5])
def is_even(n):
    return True if n == 0 else is_odd(n - 1)
def is_odd(n):
    return False if n == 0 else is_even(n - 1)
print(is_even(10), is_odd(7), is_even(3))
def ack(m, n):
    if m == 0:
        return n + 1
    if n == 0:
        return ack(m - 1, 1)
    return ack(m - 1, ack(m, n - 1))
print(ack(2, 3))
def flatten(x):
    if not isinstance(x, list):
        return [x]
    out = []
    for item in x:
        out += flatten(item)
    return out
print(flatten([1, [2, [3, [4, []]], 5], [[6]]]))
def perms(items):
    if len(items) <= 1:
        return [items]
    out = []
    for i in range(len(items)):
        for p in perms(items[:i] + items[i + 1:]):
            out.append([items[i]] + p)
    return out
print(perms([1, 2, 3]))
def depth(n):
    return 0 if n == 0 else 1 + depth(n - 1)
print(depth(500))
def gcd(a, b):
    return a if b == 0 else gcd(b, a % b)
print(gcd(1071, 462), gcd(17, 5), gcd(0, 9))
def power_set(s):
    if not s:
        return [[]]
    rest = power_set(s[1:])
    return rest + [[s[0]] + r for r in rest]
print(power_set(["a", "b", "c"]))

# expected output:
# 1 120 2432902008176640000 [0, 1, 1, 2, 3, 5, 8, 13, 21, 34, 55, 89, 144, 233, 377]
# 15 ['AB', 'AC', 'BC', 'AB', 'CA']
# True True False
# 9
# [1, 2, 3, 4, 5, 6]
# [[1, 2, 3], [1, 3, 2], [2, 1, 3], [2, 3, 1], [3, 1, 2], [3, 2, 1]]
# 500
# 21 1 9
# [[], ['c'], ['b'], ['b', 'c'], ['a'], ['a', 'c'], ['a', 'b'], ['a', 'b', 'c']]
