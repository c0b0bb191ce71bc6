x = a ** b ** c
