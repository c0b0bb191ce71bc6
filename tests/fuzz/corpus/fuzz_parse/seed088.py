del a, b[0], c.d
