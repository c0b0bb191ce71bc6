x = [1]
x.append = 2
