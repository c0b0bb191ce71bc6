def g():
    try:
        yield 1
    finally:
        print("finally")


it = g()
next(it)
it.throw(ValueError("thrown"))
