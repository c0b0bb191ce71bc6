# Generators: yields inside try/except/else/finally (nested), break and
# continue through finally blocks, send/throw at yields in handlers, yield
# from a generator expression and recursively (200 levels), __iter__ as a
# generator, chained and unpacking assignments of yields, nested with
# blocks (throw suppressed by __exit__).
def g1():
    for i in range(4):
        try:
            if i == 1:
                continue
            yield ("try", i)
            if i == 2:
                break
        finally:
            yield ("fin", i)
    yield "end"
print(list(g1()))

def g2():
    try:
        try:
            yield 1
            raise KeyError("a")
        except KeyError as e:
            yield ("caught", str(e))
            raise ValueError("b")
        finally:
            yield "inner-finally"
    except ValueError as e:
        yield ("outer", str(e))
    else:
        yield "else"
    finally:
        yield "outer-finally"
print(list(g2()))

def g3():
    try:
        yield 1
    except ValueError:
        yield "v"
    else:
        yield "no exc"
        return "r"
    finally:
        print("finally g3")
it = g3()
print(next(it), next(it))
try:
    next(it)
except StopIteration as e:
    print("stop", e.value)

def g4(n):
    while n:
        n -= 1
        try:
            x = yield n
        except ZeroDivisionError:
            x = "zde"
        if x:
            yield ("got", x)
it = g4(3)
print(next(it), it.send("a"), next(it), it.throw(ZeroDivisionError), next(it))

def g5():
    x = yield from g4(2)
    y = yield from (i * 10 for i in range(2))
    yield (x, y)
print(list(g5()))

def rec(n):
    if n:
        yield n
        yield from rec(n - 1)
        yield -n
print(list(rec(4)))

def deep(n):
    if n == 0:
        yield "bottom"
        return
    yield from deep(n - 1)
print(list(deep(200)))

class Counter:
    def __init__(self, n):
        self.n = n
    def __iter__(self):
        for i in range(self.n):
            yield i
        yield from ["x"]
print(list(Counter(3)), [a + b for a, b in zip(Counter(2), Counter(3))])

def gs():
    a = b = yield
    c, d = yield (a, b)
    yield c + d
it = gs(); next(it)
print(it.send(5), it.send((1, 2)))

def gw():
    with open_cm("A") as a:
        with open_cm("B") as b:
            yield a + b
        yield "after B"
    yield "after A"
class open_cm:
    def __init__(self, n): self.n = n
    def __enter__(self): print("enter", self.n); return self.n
    def __exit__(self, t, v, tb): print("exit", self.n, t); return t is KeyError
print(list(gw()))
it = gw(); next(it); print(it.throw(KeyError("k")))
print(list(it))

# expected output:
# [('try', 0), ('fin', 0), ('fin', 1), ('try', 2), ('fin', 2), 'end']
# [1, ('caught', "'a'"), 'inner-finally', ('outer', 'b'), 'outer-finally']
# 1 no exc
# finally g3
# stop r
# 2 ('got', 'a') 1 ('got', 'zde') 0
# [1, 0, 0, 10, (None, None)]
# [4, 3, 2, 1, -1, -2, -3, -4]
# ['bottom']
# expected error: TypeError: can only concatenate str (not "int") to str
# expected error line: 93
