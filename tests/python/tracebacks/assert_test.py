assert 1 == 2, "m"
