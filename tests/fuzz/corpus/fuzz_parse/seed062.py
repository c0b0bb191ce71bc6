while x:
    if y:
        break
    continue
else:
    pass
