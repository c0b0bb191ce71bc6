if a:
    pass
else:
    if b:
        pass
