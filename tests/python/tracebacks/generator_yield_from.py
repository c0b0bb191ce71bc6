def inner(n):
    yield n
    yield 10 // (n - 1)


def outer():
    yield from inner(1)


for v in outer():
    print(v)
