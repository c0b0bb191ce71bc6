y = int("z")
