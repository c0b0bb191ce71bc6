match = 1; case = 2; _ = 3
