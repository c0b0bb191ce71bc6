def f(a, b=1, /, c=2, *args, d, e=3, **kw) -> int:
    return a
