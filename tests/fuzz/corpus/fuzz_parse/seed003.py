f = lambda: a if b else c
