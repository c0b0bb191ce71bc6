def h(x: int = 0, *args: int, **kw: str):
    return x, *args
