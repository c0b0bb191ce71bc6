x = sum(i for i in y)
