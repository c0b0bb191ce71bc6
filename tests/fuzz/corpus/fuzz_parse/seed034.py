x = [i * 2 for i in range(10) if i if not i for j in i]
