# Decorators.
calls = []
def logged(fn):
    def wrapper(*args, **kwargs):
        calls.append(fn.__name__)
        return fn(*args, **kwargs)
    return wrapper
@logged
def add(a, b):
    return a + b
@logged
def neg(a):
    return -a
print(add(2, 3), neg(4), add(b=1, a=2), calls)
def repeat(times):
    def deco(fn):
        def wrapper(v):
            for _ in range(times):
                v = fn(v)
            return v
        return wrapper
    return deco
@repeat(3)
def double(v):
    return v * 2
print(double(1))
def tag(name):
    def deco(fn):
        def wrapper():
            return "<" + name + ">" + fn() + "</" + name + ">"
        return wrapper
    return deco
@tag("b")
@tag("i")
def text():
    return "hi"
print(text())
registry = {}
def register(fn):
    registry[fn.__name__] = fn
    return fn
@register
def alpha():
    return "A"
@register
def beta():
    return "B"
print(sorted(registry), registry["beta"](), alpha())
def counted(fn):
    def wrapper(n):
        wrapper.count += 1
        return fn(n)
    wrapper.count = 0
    return wrapper
@counted
def fib(n):
    return n if n < 2 else fib(n - 1) + fib(n - 2)
print(fib(10), fib.count)

# expected output:
# 5 -4 3 ['add', 'neg', 'add']
# 8
# <b><i>hi</i></b>
# ['alpha', 'beta'] B A
# 55 177
