def h():
    raise ValueError("v")


h()
