x = (i for i in y)
