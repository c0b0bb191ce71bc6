x = not not a
