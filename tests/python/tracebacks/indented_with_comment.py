if True:
    y = [1][3]  # c
