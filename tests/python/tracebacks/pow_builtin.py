y = pow(2, "x")
