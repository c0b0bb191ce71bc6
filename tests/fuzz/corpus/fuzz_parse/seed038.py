x = [(a, b) for a, *b in c]
