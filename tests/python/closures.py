# Closures and nonlocal.
def make_counter(start=0):
    count = start
    def inc(step=1):
        nonlocal count
        count += step
        return count
    return inc
c1 = make_counter()
c2 = make_counter(100)
print(c1(), c1(), c1(5), c2(), c1())
def make_adders():
    return [lambda v, i=i: v + i for i in range(3)]
print([f(10) for f in make_adders()])
def outer():
    x = "outer"
    def middle():
        def inner():
            return x
        return inner()
    return middle()
print(outer())
def acc():
    items = []
    def add(v):
        items.append(v)
        return len(items)
    def get():
        return items
    return add, get
add, get = acc()
add("a")
add("b")
print(get(), add("c"))
def make_mult(n):
    def mult(v):
        return v * n
    return mult
double = make_mult(2)
triple = make_mult(3)
print(double(5), triple(5), make_mult(-1)(4))
def shadow():
    x = 1
    def f():
        x = 2
        return x
    r = f()
    return x, r
print(shadow())
def late():
    fs = []
    for i in range(3):
        def f():
            return i
        fs.append(f)
    return [g() for g in fs]
print(late())
def fib_memo():
    memo = {}
    def fib(n):
        if n in memo:
            return memo[n]
        r = n if n < 2 else fib(n - 1) + fib(n - 2)
        memo[n] = r
        return r
    return fib
print(fib_memo()(60))
def nl_two_levels():
    total = 0
    def level1():
        def level2():
            nonlocal total
            total += 10
        level2()
        level2()
    level1()
    return total
print(nl_two_levels())

# expected output:
# 1 2 7 101 8
# [10, 11, 12]
# outer
# ['a', 'b', 'c'] 3
# 10 15 -4
# (1, 2)
# [2, 2, 2]
# 1548008755920
# 20
