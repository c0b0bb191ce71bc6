f = lambda a, b=1, *c, d, **e: a
