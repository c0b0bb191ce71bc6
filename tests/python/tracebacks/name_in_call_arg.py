print(undefined_x)
