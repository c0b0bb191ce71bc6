a, *b = c
