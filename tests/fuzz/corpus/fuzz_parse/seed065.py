def g(*, a, b=1):
    return
