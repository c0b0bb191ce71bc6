def g():
    yield 1


x = g()
x.throw(ValueError("v"))
