print(x)
