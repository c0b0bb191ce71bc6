y = len(5)
