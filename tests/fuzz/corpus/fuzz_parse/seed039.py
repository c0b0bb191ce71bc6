f(a, *b, k=1, **c)
