def f():
    return 1 / 0


y = f() + 2
