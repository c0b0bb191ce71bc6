x = not a == b
