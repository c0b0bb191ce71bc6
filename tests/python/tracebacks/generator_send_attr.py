def acc():
    total = 0
    while True:
        x = yield total
        total += x.value


a = acc()
next(a)
a.send(3)
