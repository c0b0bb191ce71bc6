del (a, b)
