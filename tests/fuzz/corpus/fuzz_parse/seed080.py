def f():
    global g
    nonlocal n
