if a:
    pass
elif b:
    x = 1
elif c:
    pass
else:
    y = 2
