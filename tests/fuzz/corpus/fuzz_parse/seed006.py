x = a - b - c
