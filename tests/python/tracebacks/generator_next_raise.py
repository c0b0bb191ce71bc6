def g():
    yield 1
    raise KeyError("k")


x = g()
next(x)
print(next(x))
